import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { OFFICIAL_SITES, STEP_LINES, travellersNextSteps } from '../../machines/domain/nextSteps';

// Issue 45 item 23 on the dashboard: what next for each traveller who has paid, read from the same content as the
// confirmation and the e-mail; one step per traveller however many orders (an upgrade, a declined try) they have.

const order = fc.record({
  status: fc.constantFrom('paid', 'failed', 'pending', 'refunded'),
  leadId: fc.option(fc.constantFrom('a', 'b', 'c', 'd'), { nil: null }),
  service: fc.constantFrom('ESTA' as const, 'DS-160' as const),
  traveller: fc.constantFrom('Ana Garcia', 'Luis Garcia', ''),
  governmentFee: fc.integer({ min: 0, max: 50_000 }),
  createdAt: fc.integer({ min: 1_700_000_000_000, max: 1_800_000_000_000 }).map((t) => new Date(t).toISOString()),
});

describe("the dashboard's what next", () => {
  it('names each traveller with a paid order once, with the site, fee and lines of their latest paid order', () => {
    fc.assert(
      fc.property(fc.array(order, { maxLength: 12 }), (rows) => {
        const orders = rows.map(({ governmentFee, ...o }) => ({ ...o, price: { governmentFee } }) as never);
        const steps = travellersNextSteps(orders);
        const paid = rows.filter((o) => o.status === 'paid' && o.leadId);
        expect(steps).toHaveLength(new Set(paid.map((o) => o.leadId)).size);
        for (const lead of new Set(paid.map((o) => o.leadId))) {
          const latest = paid.filter((o) => o.leadId === lead).sort((a, b) => a.createdAt.localeCompare(b.createdAt)).at(-1)!;
          const step = steps.find((s) => s.name === latest.traveller && s.step.governmentFeeCents === latest.governmentFee && s.step.service === latest.service);
          expect(step?.step).toEqual({ service: latest.service, officialSite: OFFICIAL_SITES[latest.service], governmentFeeCents: latest.governmentFee, lines: STEP_LINES[latest.service] });
        }
      }),
      { numRuns: 200 },
    );
  });

  it('says nothing when nobody has paid', () => {
    expect(travellersNextSteps([])).toEqual([]);
    expect(travellersNextSteps([{ status: 'failed', leadId: 'a', service: 'ESTA', traveller: 'Ana', price: { governmentFee: 4000 }, createdAt: '2026-01-01' } as never])).toEqual([]);
  });
});
