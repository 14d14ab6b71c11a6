// How typed calls reach the server. Pages use fetch; path tests use a transport over app.inject, so the same
// actor code meets the real routes in both.

export interface HttpRequest {
  method: string;
  /** Path and query, e.g. `/api/eligibility?country=Spain&purpose=tourism`. */
  path: string;
  /** Sent as JSON when present. */
  body?: unknown;
  /** The answer is a file (a PDF): read its bytes and its name instead of text. */
  binary?: boolean;
  /** Ask for server-sent events and hear the body as it arrives; the whole text is still the answer. */
  stream?: (chunk: string) => void;
  /** Sent as multipart/form-data instead of JSON: text fields first, then the file. */
  upload?: Upload;
  /** Cancels the request (client/api/actors/actorsOf.ts: when its machine leaves the state that made it). */
  signal?: AbortSignal;
}

export interface Upload {
  fields: Record<string, string>;
  file: { field: string; blob: Blob; name: string };
}

/** The form a browser sends for an upload (fields before the file, so a server reading in order sees them first). */
export function formOf(upload: Upload): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(upload.fields)) form.append(name, value);
  form.append(upload.file.field, upload.file.blob, upload.file.name);
  return form;
}

export interface HttpResponse {
  status: number;
  /** The body as text; empty for a successful binary answer. */
  text: string;
  /** A successful binary answer's bytes and the file name its Content-Disposition gives. */
  file?: { bytes: Uint8Array; fileName: string };
  /** Seconds a refusal (429) asks to wait, from its Retry-After: the page says the real wait (issue 45 item 20). */
  retryAfter?: number;
}

/** Retry-After in seconds (the server sends seconds, never a date); undefined when absent or unreadable. */
export function retryAfterOf(header: string | null | undefined): number | undefined {
  const seconds = Number(header ?? '');
  return header && Number.isFinite(seconds) && seconds > 0 ? seconds : undefined;
}

/** `attachment; filename="x.pdf"` → `x.pdf`. */
export function fileNameOf(disposition: string | null | undefined): string {
  return /filename="([^"]+)"/.exec(disposition ?? '')?.[1] ?? 'download';
}

export type Transport = (request: HttpRequest) => Promise<HttpResponse>;

const outageListeners = new Set<() => void>();

/**
 * Called whenever the server answers that it is briefly unavailable (503 with Retry-After: its database or Redis is
 * out of reach, issue 41), whichever call met it: the app says so once, in the interface language
 * (client/app/outage.ts), while the page keeps its own state and the applicant tries again.
 */
export function onOutage(listener: () => void): () => void {
  outageListeners.add(listener);
  return () => outageListeners.delete(listener);
}

/** The browser's transport: same-origin fetch with the session cookie. */
export const fetchTransport: Transport = async ({ method, path, body, binary, stream, upload, signal }) => {
  const response = await fetch(new URL(path, window.location.origin), {
    method,
    credentials: 'include',
    ...(signal ? { signal } : {}),
    // An upload's Content-Type (with its boundary) is the browser's to write.
    headers: { ...(body === undefined || upload ? {} : { 'Content-Type': 'application/json' }), ...(stream ? { Accept: 'text/event-stream' } : {}) },
    body: upload ? formOf(upload) : body === undefined ? null : JSON.stringify(body),
  });
  if (response.status === 503 && response.headers.has('retry-after')) for (const listener of outageListeners) listener();
  if (stream && response.ok && response.body) {
    const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
    let text = '';
    for (let part = await reader.read(); !part.done; part = await reader.read()) {
      text += part.value;
      stream(part.value);
    }
    return { status: response.status, text };
  }
  const retryAfter = response.status === 429 ? retryAfterOf(response.headers.get('retry-after')) : undefined;
  if (retryAfter !== undefined) return { status: response.status, text: await response.text(), retryAfter };
  if (binary && response.ok) {
    const bytes = new Uint8Array(await response.arrayBuffer());
    return { status: response.status, text: '', file: { bytes, fileName: fileNameOf(response.headers.get('content-disposition')) } };
  }
  return { status: response.status, text: await response.text() };
};
