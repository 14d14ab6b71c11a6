// What a visitor typed into a prerendered page before React took it over (client/main.tsx). Hydration keeps the
// page's elements but not what was typed into them: React's state still holds the server's empty value, so the
// field shows the text while the flow has none. Once React owns the page, each field whose text differs from what
// the server sent is told of it as if it had just been typed, so its change reaches the page's machine.

const TEXT_FIELDS = 'input:not([type]), input[type="text"], input[type="email"], input[type="search"], input[type="tel"], input[type="url"], input[type="number"], textarea';

/** The element's value as the browser keeps it, bypassing the setter React watches to tell what changed. */
function setNativeValue(field: HTMLInputElement | HTMLTextAreaElement, value: string): void {
  const prototype = field instanceof HTMLTextAreaElement ? HTMLTextAreaElement.prototype : HTMLInputElement.prototype;
  Object.getOwnPropertyDescriptor(prototype, 'value')?.set?.call(field, value);
}

export function replayEarlyInput(root: HTMLElement): void {
  for (const field of root.querySelectorAll<HTMLInputElement | HTMLTextAreaElement>(TEXT_FIELDS)) {
    const typed = field.value;
    if (typed === field.defaultValue) continue;
    // React compares the value with the last one it saw; through the element's own setter it sees the server's,
    // then the typed text arrives as a change.
    field.value = field.defaultValue;
    setNativeValue(field, typed);
    field.dispatchEvent(new Event('input', { bubbles: true }));
  }
}

let hydrating: HTMLElement | null = null;

/** client/main.tsx: React is about to take over the prerendered page in `root`. */
export function hydratingInto(root: HTMLElement): void {
  hydrating = root;
}

/**
 * The first page is on screen and React's (client/router.tsx, beside the page): what was typed before then
 * reaches its flow, and the page says it is ready (browser tests wait for `data-app="ready"` before they type, as a
 * person would after a moment).
 */
export function appReady(): void {
  if (document.documentElement.dataset.app === 'ready') return;
  if (hydrating) replayEarlyInput(hydrating);
  document.documentElement.dataset.app = 'ready';
}
