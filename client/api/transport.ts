// How typed calls reach the server. Pages use fetch; path tests use a transport over app.inject, so the same
// actor code meets the real routes in both.

export interface HttpRequest {
  method: string;
  /** Path and query, e.g. `/api/eligibility?country=Spain&purpose=tourism`. */
  path: string;
  /** Sent as JSON when present. */
  body?: unknown;
}

export interface HttpResponse {
  status: number;
  text: string;
}

export type Transport = (request: HttpRequest) => Promise<HttpResponse>;

/** The browser's transport: same-origin fetch with the session cookie. */
export const fetchTransport: Transport = async ({ method, path, body }) => {
  const response = await fetch(new URL(path, window.location.origin), {
    method,
    credentials: 'include',
    headers: body === undefined ? {} : { 'Content-Type': 'application/json' },
    body: body === undefined ? null : JSON.stringify(body),
  });
  return { status: response.status, text: await response.text() };
};
