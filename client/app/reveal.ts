/** The app's header (client/components/Header.tsx): sticky on wide screens, so it covers the top of the window. */
export const SITE_HEADER_ID = 'site-header';

/**
 * Scrolls the window so that `element`'s top shows just under the header when it is out of sight: above the window,
 * under the sticky header, or below the window. An element already in view stays where it is (issue 34: after
 * Next, the new section's title sat under the header).
 */
export function revealBelowHeader(element: Element | null | undefined, gap = 8): void {
  if (!element) return;
  const header = document.getElementById(SITE_HEADER_ID);
  // A header scrolled away (a phone's) has its bottom above the window: nothing is covered.
  const covered = Math.max(0, header?.getBoundingClientRect().bottom ?? 0);
  const { top, height } = element.getBoundingClientRect();
  const shown = top >= covered && top + Math.min(height, 48) <= window.innerHeight;
  if (!shown) window.scrollBy({ top: top - covered - gap, behavior: 'instant' });
}
