import type { FastifyBaseLogger } from 'fastify';
import type { Db, Dialect } from '../../../db/index';
import { attemptOfOrder, oldestPendingAt, pendingOrdersBefore } from '../../../db/queries/orders';
import type { OrderRow } from '../../../db/schema';
import type { PaymentGateway } from '../payments/gateway';
import { settleCharge, type OnPaid } from './settle';

/** The job that sweeps (server/plugins/app/reconciler.ts schedules it and gives the job runner's `send` as `later`). */
export const RECONCILE_QUEUE = 'orders.reconcile';

export interface ReconcileTiming {
  /** How long an order may stay pending before it is settled from the gateway's record: longer than a charge takes. */
  graceMs: number;
  /** How often pending orders are looked for (and sooner, when one's grace period ends before). */
  everyMs: number;
}

/** Orders settled in one go; a sweep with more to do runs again at once. */
const BATCH = 100;

/**
 * Settles orders left pending (the process died between the charge and its settlement, or the settlement failed)
 * from the gateway's record of their key: paid when it charged, failed when it refused, and failed as not charged
 * when it never saw the key, which is then cancelled there so a charge still on its way cannot go through.
 * Sweeps at start-up, then as a job of the job runner: every minute (a recurring job, one a tick however many
 * processes run) and at the moment the oldest pending order's grace period ends (a job sent for then).
 */
export class Reconciler {
  private running: Promise<number> | undefined;

  constructor(
    private readonly db: Db,
    private readonly dialect: Dialect,
    private readonly gateway: PaymentGateway,
    private readonly timing: ReconcileTiming,
    private readonly log: FastifyBaseLogger,
    /** Asks for a sweep at that time (a delayed job); sweeps asked for the same second are one. */
    private readonly later: (at: Date) => Promise<unknown>,
    /** What a paid order causes beyond itself (its messages), in the settlement's transaction. */
    private readonly onPaid?: OnPaid,
    private readonly now: () => number = Date.now,
  ) {}

  /** Whether an order has waited longer than a charge can take, so its outcome is read from the gateway. */
  overdue(order: Pick<OrderRow, 'created_at'>): boolean {
    return this.now() - Date.parse(order.created_at) > this.timing.graceMs;
  }

  /** One order, from the gateway's record of its attempt's key. */
  async reconcile(order: OrderRow): Promise<OrderRow> {
    const attempt = await attemptOfOrder(this.db, order.id);
    // An order and its attempt are written in one transaction: an order without one never had a key to charge.
    const record = attempt
      ? ((await this.gateway.lookup(attempt.idempotency_key)) ?? (await this.gateway.cancel(attempt.idempotency_key)))
      : ({ status: 'canceled', code: 'canceled', message: 'No payment attempt', reference: 'none', brand: null, last4: null } as const);
    const settled = await settleCharge(this.db, this.dialect, order, record, 'reconciliation', this.onPaid);
    this.log.warn({ order: order.number, outcome: record.status, status: settled.status }, 'pending order reconciled');
    return settled;
  }

  /** Every order pending past its grace period; how many were settled. One sweep at a time per process. */
  sweep(): Promise<number> {
    this.running ??= this.sweepOnce().finally(() => {
      this.running = undefined;
    });
    return this.running;
  }

  /**
   * The job: a sweep, then a sweep asked for when the oldest order still pending passes its grace period, if that
   * comes before the next minute's. At least a second away: an order that cannot be settled now is not retried in
   * a tight loop.
   */
  async sweepAndPlan(): Promise<void> {
    await this.sweep();
    const oldest = await oldestPendingAt(this.db);
    if (!oldest) return;
    const due = Math.max(this.now() + 1000, Date.parse(oldest) + this.timing.graceMs + 50);
    if (due < this.now() + this.timing.everyMs) await this.later(new Date(due));
  }

  /** An order whose settlement failed in this process: swept as soon as its grace period ends, not a minute later. */
  remind(order: Pick<OrderRow, 'created_at'>): void {
    this.later(new Date(Date.parse(order.created_at) + this.timing.graceMs + 50)).catch((err: unknown) =>
      this.log.error({ err }, 'could not ask for a reconciliation sweep'),
    );
  }

  private async sweepOnce(): Promise<number> {
    let settled = 0;
    for (;;) {
      const cutoff = new Date(this.now() - this.timing.graceMs).toISOString();
      const stuck = await pendingOrdersBefore(this.db, cutoff, BATCH);
      for (const order of stuck) {
        try {
          await this.reconcile(order);
          settled += 1;
        } catch (err) {
          this.log.error({ err, order: order.number }, 'could not reconcile a pending order');
        }
      }
      if (stuck.length < BATCH) return settled;
    }
  }
}
