// What the server answered to the API calls an entry page makes on its first render, sent inside the page it
// rendered (server/services/prerender/), so the browser's first render shows the same data and hydrates the
// server's markup instead of drawing a spinner over it. Kept only until that first render has been drawn: later
// visits to the page ask the server again.

let answers: Record<string, string> = embedded();

function embedded(): Record<string, string> {
  const script = typeof document === 'undefined' ? null : document.getElementById('api-answers');
  try {
    const value = script?.textContent ? (JSON.parse(script.textContent) as unknown) : {};
    return value && typeof value === 'object' ? (value as Record<string, string>) : {};
  } catch {
    return {};
  }
}

/** The answer's body to `GET <path>` (path and query), if the page came with it. */
export function preloadedAnswer(path: string): unknown {
  const text = answers[path];
  return text === undefined ? undefined : JSON.parse(text);
}

/** The server's renderer (client/prerender.tsx) gives the answers it fetched before rendering a page. */
export function setPreloadedAnswers(next: Record<string, string>): void {
  answers = next;
}

/** Once the first render is on screen (client/main.tsx). */
export function forgetPreloadedAnswers(): void {
  answers = {};
}
