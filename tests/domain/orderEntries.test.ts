import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { canContinue, payPath, shownPlan } from '../../machines/dashboard.machine';
import { amountWord, orderEntries } from '../../machines/domain/orderEntries';
import { leadName, leadPhone } from '../../machines/domain/leadIdentity';
import type { ApplicationDto } from '../../openapi/schemas/applications';
import type { GroupPaymentSummaryDto } from '../../openapi/schemas/groups';
import type { OrderDto } from '../../openapi/schemas/orders';

// Issue 45 items 3, 5, 7, 15: the dashboard's orders and applications say what happened, and no more.

const STATUSES = ['pending', 'paid', 'failed', 'refunded'] as const;

const order = (id: string, status: string, groupPaymentId: string | null, total: number, traveller = ''): OrderDto =>
  ({ id, number: `RB-${id}`, service: 'ESTA', product: 'esta', status, price: { total }, groupPaymentId, traveller, createdAt: '2026-11-01', paidAt: null }) as unknown as OrderDto;

describe('orderEntries: a group payment is one attempt', () => {
  it('lists each group payment once, with all its lines, and every order alone as itself, in order', () => {
    const arbitrary = fc.array(
      fc.record({ group: fc.option(fc.constantFrom('g1', 'g2', 'g3'), { nil: null }), status: fc.constantFrom(...STATUSES), total: fc.integer({ min: 0, max: 100_000 }) }),
      { maxLength: 20 },
    );
    fc.assert(
      fc.property(arbitrary, (specs) => {
        // A group's lines share their payment's status: they are one attempt.
        const statusOf = new Map<string, string>();
        const orders = specs.map((s, i) => {
          const status = s.group ? (statusOf.get(s.group) ?? (statusOf.set(s.group, s.status), s.status)) : s.status;
          return order(`o${i}`, status, s.group, s.total);
        });
        const entries = orderEntries(orders, []);
        const groups = new Set(specs.flatMap((s) => (s.group ? [s.group] : [])));
        expect(entries.filter((e) => e.kind === 'groupPayment').map((e) => e.kind === 'groupPayment' && e.id).sort()).toEqual([...groups].sort());
        expect(entries.filter((e) => e.kind === 'order')).toHaveLength(specs.filter((s) => !s.group).length);
        // Every order appears exactly once.
        const listed = entries.flatMap((e) => (e.kind === 'order' ? [e.order.id] : e.lines.map((l) => l.id)));
        expect(listed.sort()).toEqual(orders.map((o) => o.id).sort());
        for (const entry of entries) {
          const status = entry.kind === 'order' ? entry.order.status : entry.status;
          // Nothing says charged for money not taken.
          expect(entry.amount === 'charged').toBe(status === 'paid');
          if (entry.kind === 'groupPayment') expect(entry.total).toBe(entry.lines.reduce((sum, l) => sum + l.price.total, 0));
        }
      }),
    );
  });

  it("reads a declined family of four as one failed attempt, with the payment's own number and total", () => {
    const lines = ['Ana', 'Luis', 'Lucía', 'Pablo'].map((name, i) => order(`l${i}`, 'failed', 'pay1', 7999, name));
    const payment = { id: 'pay1', number: 'RB-G-1', groupId: 'g', status: 'failed', price: { total: 31996 }, createdAt: '2026-11-01', paidAt: null } as unknown as GroupPaymentSummaryDto;
    const entries = orderEntries(lines, [payment]);
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ kind: 'groupPayment', number: 'RB-G-1', status: 'failed', amount: 'notCharged', total: 31996 });
  });

  it('calls only a paid amount charged', () => {
    expect(STATUSES.map(amountWord)).toEqual(['notCharged', 'charged', 'notCharged', 'refunded']);
  });
});

const application = (over: Partial<ApplicationDto>): ApplicationDto => ({
  id: 'a1', type: 'ESTA', country: 'Spain', purpose: 'tourism', status: 'in-progress', createdAt: '', lastModified: '', progress: 50,
  paymentStatus: 'unpaid', plan: 'basic', source: 'esta-wizard', wizard: 'esta', orders: [], group: null, ...over,
});

describe('the dashboard offers Continue and Pay where they lead somewhere (item 5)', () => {
  it('offers Pay for a finished unpaid application, never for a paid one or one still being filled in', () => {
    fc.assert(
      fc.property(
        fc.constantFrom('draft', 'in-progress', 'submitted', 'approved', 'rejected'),
        fc.constantFrom('paid', 'unpaid', 'pending'),
        fc.constantFrom('ESTA', 'DS-160'),
        (status, paymentStatus, type) => {
          const pay = payPath(application({ status: status as ApplicationDto['status'], paymentStatus, type }));
          expect(pay !== null).toBe(status === 'submitted' && paymentStatus !== 'paid');
          if (pay) expect(pay).toContain('lead=a1');
        },
      ),
    );
    expect(payPath(application({ status: 'submitted', type: 'ESTA' }))).toBe('/checkout?plan=esta&lead=a1');
  });

  it("continues an assistant's application and a finished unpaid one", () => {
    expect(canContinue(application({ source: 'airassistant-esta', status: 'submitted' }))).toBe(true);
    expect(canContinue(application({ status: 'submitted', paymentStatus: 'paid' }))).toBe(false);
    expect(canContinue(application({ wizard: null }))).toBe(false);
  });

  it('shows no plan nobody bought, and an ESTA as an ESTA (item 15)', () => {
    expect(shownPlan(application({ plan: 'basic' }))).toBeNull();
    expect(shownPlan(application({ plan: 'basic', paymentStatus: 'paid' }))).toBe('esta');
    expect(shownPlan(application({ type: 'DS-160', plan: 'pro', paymentStatus: 'paid' }))).toBe('pro');
  });
});

describe("a lead's name and phone (item 7)", () => {
  it("reads them from the answers when the lead's columns are empty, in either form's shape", () => {
    expect(leadName({ name: '', form_data: JSON.stringify({ 'first-name': 'Ana', 'last-name': 'García' }) })).toBe('Ana García');
    expect(leadName({ name: ' ', form_data: JSON.stringify({ 'personal-info': { firstName: 'María', lastName: 'López' } }) })).toBe('María López');
    expect(leadName({ name: 'Ana G', form_data: JSON.stringify({ 'first-name': 'Other' }) })).toBe('Ana G');
    expect(leadName({ name: '', form_data: 'not json' })).toBe('');
    expect(leadPhone({ name: '', phone: '', form_data: JSON.stringify({ 'address-phone': { primaryPhone: '+52 81 1234 5678' } }) })).toBe('+52 81 1234 5678');
    expect(leadPhone({ name: '', phone: '+34 600', form_data: '{}' })).toBe('+34 600');
  });
});
