// Where the one visible toast sits (spec 1-core §9; issue 34 item 6, issue 45 item 16). Its home is the bottom
// right; it moves when it would cover something a person is about to press. The page's main button (Pay, Next:
// `data-main-action`) counts first, then every other control: on a phone the toast spans the screen, and a
// traveller's "Download form PDF" under a "Payment successful" toast could not be pressed.

export interface Box {
  left: number;
  right: number;
  top: number;
  bottom: number;
}

export interface ToastRoom {
  /** The toast's own size. */
  width: number;
  height: number;
  /** The window's size, without its scroll bar. */
  windowWidth: number;
  windowHeight: number;
  /** Where the header that stays on screen ends (0 when none does). */
  covered: number;
  /** The toast's distance from the window's edges. */
  margin: number;
}

export interface Spot {
  place: 'bottom' | 'top';
  /** Where a toast not at the bottom starts, from the window's top. */
  top: number;
}

/** How far apart the heights a toast may take are, between the top and the bottom, when both ends cover a control. */
const STEP = 8;

export const overlap = (a: Box, b: Box): number =>
  Math.max(0, Math.min(a.right, b.right) - Math.max(a.left, b.left)) * Math.max(0, Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top));

const covering = (box: Box, targets: readonly Box[]) => targets.reduce((sum, target) => sum + overlap(box, target), 0);

/**
 * The bottom when it covers no more than the top does, else the top; when both cover a control, the height nearest
 * the bottom that covers none, if there is one; failing that, whichever covers least (main actions counted first).
 */
export function toastSpot(room: ToastRoom, mainActions: readonly Box[], controls: readonly Box[]): Spot {
  const right = room.windowWidth - room.margin;
  const left = right - room.width;
  const at = (top: number): Box => ({ left, right, top, bottom: top + room.height });
  const highest = room.covered + room.margin;
  const lowest = room.windowHeight - room.margin - room.height;
  const cost = (top: number) => [covering(at(top), mainActions), covering(at(top), controls)] as const;
  const below = (a: readonly [number, number], b: readonly [number, number]) => a[0] < b[0] || (a[0] === b[0] && a[1] <= b[1]);
  const bottom = cost(lowest);
  const top = cost(highest);
  if (bottom[0] + bottom[1] === 0) return { place: 'bottom', top: highest };
  if (top[0] + top[1] === 0) return { place: 'top', top: highest };
  for (let y = lowest - STEP; y > highest; y -= STEP) {
    const [main, other] = cost(y);
    if (main + other === 0) return { place: 'top', top: y };
  }
  return below(bottom, top) ? { place: 'bottom', top: highest } : { place: 'top', top: highest };
}
