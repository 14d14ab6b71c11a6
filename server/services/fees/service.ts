import { randomUUID } from 'node:crypto';
import type { Executor } from '../../../db/index';
import { listGovernmentFees, markGovernmentFeeChecked, scheduleGovernmentFee } from '../../../db/queries/governmentFees';
import {
  CHECK_INTERVAL_DAYS,
  checkDue,
  dayOf,
  feeKey,
  timelines,
  validateFeeChange,
  type FeeCode,
  type FeeSubject,
  type GovernmentFee,
} from '../../../machines/domain/governmentFees';
import type { AdminGovernmentFeesDto, FeeChangeDto, FeeRowDto } from '../../../openapi/schemas/governmentFees';
import { englishMessage } from '../../lib/messages';
import { badRequest, notFound } from '../../lib/problems';
import type { ChangeNotices } from '../guard/notices';
import { SITE_TOPIC } from '../site/service';

const rowOf = (fee: GovernmentFee): FeeRowDto => ({
  id: fee.id,
  amountCents: fee.amountCents,
  currency: fee.currency,
  effectiveFrom: fee.effectiveFrom,
  sourceUrl: fee.sourceUrl,
  note: fee.note,
});

/**
 * The admin's side of the government fees (issue 44): each fee with its source and when it was last checked, a
 * change scheduled from a later day (the rows in force stay, so past quotes can be told again), and "checked
 * today". Every change drops the site's copies on every process, like a price change.
 */
export class GovernmentFeeService {
  constructor(
    private readonly db: Executor,
    private readonly notices: ChangeNotices,
    private readonly now: () => number = Date.now,
  ) {}

  /** GET /api/admin/government-fees. */
  async list(): Promise<AdminGovernmentFeesDto> {
    const now = this.now();
    const today = dayOf(now);
    const fees = timelines(await listGovernmentFees(this.db), today).map((t) => {
      // What the fee is like today, or as it will be: the row in force, else the first scheduled or announced one.
      const shown = (t.current ?? t.upcoming[0] ?? t.unscheduled[0]) as GovernmentFee;
      return {
        code: t.code,
        subject: t.subject,
        paidAt: shown.paidAt,
        refundable: shown.refundable,
        current: t.current && rowOf(t.current),
        upcoming: t.upcoming.map(rowOf),
        past: t.past.map(rowOf),
        unscheduled: t.unscheduled.map(rowOf),
        lastCheckedAt: t.lastCheckedAt,
        checkDue: checkDue(t.lastCheckedAt, now),
      };
    });
    return { today, checkIntervalDays: CHECK_INTERVAL_DAYS, due: fees.filter((f) => f.checkDue).length, fees };
  }

  private async fee(code: FeeCode, subject: FeeSubject): Promise<{ latest: GovernmentFee; today: string }> {
    const today = dayOf(this.now());
    const rows = (await listGovernmentFees(this.db)).filter((fee) => feeKey(fee) === feeKey({ code, subject }));
    if (!rows.length) throw notFound(`There is no ${code} fee for ${subject}.`);
    const t = timelines(rows, today)[0];
    // A change inherits what it does not give (who pays it, when, its note) from the fee as it stands.
    const latest = (t?.upcoming.at(-1) ?? t?.current ?? t?.unscheduled[0]) as GovernmentFee;
    return { latest, today };
  }

  /**
   * POST /api/admin/government-fees/{code}/{subject}/changes: the fee from a day after today. A day already
   * scheduled is replaced (nothing was charged with it yet); the rows in force are never touched.
   */
  async schedule(code: FeeCode, subject: FeeSubject, body: FeeChangeDto, userId: string | null): Promise<AdminGovernmentFeesDto> {
    const { latest, today } = await this.fee(code, subject);
    const change = { amountCents: body.amountCents, effectiveFrom: body.effectiveFrom, sourceUrl: body.sourceUrl.trim(), note: (body.note ?? latest.note).trim() };
    const [field, error] = Object.entries(validateFeeChange(change, today))[0] ?? [];
    if (field && error) throw badRequest(field, englishMessage(error));
    await scheduleGovernmentFee(this.db, latest, change, { id: randomUUID(), userId, at: new Date(this.now()).toISOString() });
    await this.notices.publish(SITE_TOPIC);
    return this.list();
  }

  /** POST /api/admin/government-fees/{code}/{subject}/checked: compared with its source today. */
  async markChecked(code: FeeCode, subject: FeeSubject): Promise<AdminGovernmentFeesDto> {
    await this.fee(code, subject);
    await markGovernmentFeeChecked(this.db, { code, subject }, new Date(this.now()).toISOString());
    await this.notices.publish(SITE_TOPIC);
    return this.list();
  }
}
