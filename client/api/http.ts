// Every call sends cookies and reads JSON. A failure becomes an Error whose message is
// "<status>: <body text or status text>" (spec 1-core §8), and keeps the server's JSON message when there is one.

export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly serverMessage: string | undefined,
  ) {
    super(message);
  }
}

type Query = Record<string, string | number | boolean | undefined>;

export async function request<T>(method: string, path: string, options: { body?: unknown; query?: Query } = {}): Promise<T> {
  const url = new URL(path, window.location.origin);
  for (const [key, value] of Object.entries(options.query ?? {})) {
    if (value !== undefined) url.searchParams.set(key, String(value));
  }
  const response = await fetch(url, {
    method,
    credentials: 'include',
    headers: options.body === undefined ? {} : { 'Content-Type': 'application/json' },
    body: options.body === undefined ? null : JSON.stringify(options.body),
  });
  if (!response.ok) {
    const text = await response.text().catch(() => '');
    let serverMessage: string | undefined;
    try {
      serverMessage = (JSON.parse(text) as { message?: string }).message;
    } catch {
      serverMessage = undefined;
    }
    throw new HttpError(response.status, `${response.status}: ${text || response.statusText}`, serverMessage);
  }
  if (response.status === 204) return undefined as T;
  return (await response.json()) as T;
}

export const api = {
  get: <T>(path: string, query?: Query) => request<T>('GET', path, query ? { query } : {}),
  post: <T>(path: string, body: unknown) => request<T>('POST', path, { body }),
  patch: <T>(path: string, body: unknown) => request<T>('PATCH', path, { body }),
  put: <T>(path: string, body: unknown) => request<T>('PUT', path, { body }),
};
