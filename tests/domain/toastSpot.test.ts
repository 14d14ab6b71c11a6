import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { overlap, toastSpot, type Box, type ToastRoom } from '../../machines/domain/toastSpot';

// Issue 45 item 16: on a phone the toast spans the screen; it must not sit over a control (a traveller's "Download
// form PDF") when some height leaves every control free, and the page's main button counts before the rest.

const phone: ToastRoom = { width: 343, height: 96, windowWidth: 375, windowHeight: 667, covered: 64, margin: 16 };

const boxOf = (room: ToastRoom, top: number): Box => ({ left: room.windowWidth - room.margin - room.width, right: room.windowWidth - room.margin, top, bottom: top + room.height });
const topOf = (room: ToastRoom, spot: ReturnType<typeof toastSpot>) => (spot.place === 'bottom' ? room.windowHeight - room.margin - room.height : spot.top);
const covers = (box: Box, targets: Box[]) => targets.some((target) => overlap(box, target) > 0);

const control = (room: ToastRoom) =>
  fc.record({ top: fc.integer({ min: 0, max: room.windowHeight }), height: fc.integer({ min: 20, max: 60 }), left: fc.integer({ min: 0, max: room.windowWidth - 40 }), width: fc.integer({ min: 40, max: room.windowWidth }) }).map(
    ({ top, height, left, width }): Box => ({ top, bottom: top + height, left, right: Math.min(room.windowWidth, left + width) }),
  );

describe('where the toast sits', () => {
  it('stays at the bottom when nothing is under it', () => {
    expect(toastSpot(phone, [], [{ left: 16, right: 200, top: 100, bottom: 144 }])).toEqual({ place: 'bottom', top: 80 });
  });

  it('moves to the top off a download button at the bottom of a phone', () => {
    const download = { left: 16, right: 359, top: 580, bottom: 624 };
    expect(toastSpot(phone, [], [download])).toEqual({ place: 'top', top: 80 });
  });

  it('covers no control whenever a height between the header and the bottom leaves them all free', () => {
    fc.assert(
      fc.property(fc.array(control(phone), { maxLength: 6 }), fc.array(control(phone), { maxLength: 2 }), (controls, main) => {
        const spot = toastSpot(phone, main, [...controls, ...main]);
        const top = topOf(phone, spot);
        // Never over the header nor past the window's foot.
        expect(top).toBeGreaterThanOrEqual(phone.covered + phone.margin);
        expect(top + phone.height).toBeLessThanOrEqual(phone.windowHeight - phone.margin);
        const lowest = phone.windowHeight - phone.margin - phone.height;
        const free = [lowest, phone.covered + phone.margin];
        for (let y = lowest - 8; y > phone.covered + phone.margin; y -= 8) free.push(y);
        if (free.some((y) => !covers(boxOf(phone, y), [...controls, ...main]))) expect(covers(boxOf(phone, top), [...controls, ...main])).toBe(false);
      }),
      { numRuns: 200 },
    );
  });

  it('when something must be covered, spares the main button before the others', () => {
    fc.assert(
      fc.property(fc.array(control(phone), { minLength: 1, maxLength: 12 }), control(phone), (controls, pay) => {
        const spot = toastSpot(phone, [pay], [...controls, pay]);
        const chosen = overlap(boxOf(phone, topOf(phone, spot)), pay);
        const bottom = overlap(boxOf(phone, phone.windowHeight - phone.margin - phone.height), pay);
        const top = overlap(boxOf(phone, phone.covered + phone.margin), pay);
        expect(chosen).toBeLessThanOrEqual(Math.min(bottom, top));
      }),
      { numRuns: 200 },
    );
  });
});
