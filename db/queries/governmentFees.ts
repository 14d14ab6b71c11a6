import type { Executor } from '../index';
import type { GovernmentFeeRow } from '../schema';
import type { FeeChange, FeeCode, FeeMoment, FeeSubject, GovernmentFee } from '../../machines/domain/governmentFees';
import { VISA_CLASSES } from '../../machines/domain/governmentFees';

// The official texts behind the seeded figures (README "Government fees"): the Federal Register notice that set
// the ESTA's $40, CBP's page that announced the $21 before it, the Department of State's table of visa fees by
// class, and Public Law 119-21 (H.R. 1 of the 119th Congress) for the visa integrity fee.
export const FEE_SOURCES = {
  esta2025: 'https://www.federalregister.gov/d/2025-16453',
  esta2022: 'https://www.cbp.gov/travel/international-visitors/esta',
  visaFees: 'https://travel.state.gov/content/travel/en/us-visas/visa-information-resources/fees/fees-visa-services.html',
  publicLaw119_21: 'https://www.congress.gov/bill/119th-congress/house-bill/1/text',
} as const;

const NOTES = {
  esta: 'Paid by card on the official ESTA site when the application is sent. Public Law 119-21 ties it to yearly inflation increases.',
  application: 'Paid before the visa interview, as the embassy or consulate where it is booked explains. Not refundable.',
  integrity:
    'Charged when the visa is issued, on top of the application fee; refundable once the visa holder has kept its terms (Public Law 119-21). Not collected before the day the Department of State starts it.',
} as const;

/** The consular application fee of each class since 17 June 2023 (Department of State table). */
const APPLICATION_FEES: Readonly<Record<(typeof VISA_CLASSES)[number], number>> = {
  B: 18500, C: 18500, D: 18500, F: 18500, I: 18500, J: 18500, M: 18500,
  H: 20500, L: 20500, O: 20500, P: 20500, Q: 20500, R: 20500,
  E: 31500,
  K: 26500,
};
const APPLICATION_FEES_FROM = '2023-06-17';

type Seed = Omit<GovernmentFee, 'id' | 'lastCheckedAt' | 'currency' | 'payer'>;

const seed = (code: FeeCode, subject: FeeSubject, amountCents: number, effectiveFrom: string | null, sourceUrl: string, paidAt: FeeMoment, refundable = false): Seed => ({
  code,
  subject,
  amountCents,
  effectiveFrom,
  sourceUrl,
  paidAt,
  refundable,
  note: NOTES[code],
});

/** The schedule a new database starts with (issue 44, docs/DECISIONS.md "Visa rules and prices"). */
export const SEEDED_FEES: readonly Seed[] = [
  seed('esta', 'ESTA', 2100, '2022-05-26', FEE_SOURCES.esta2022, 'withApplication'),
  seed('esta', 'ESTA', 4000, '2025-09-30', FEE_SOURCES.esta2025, 'withApplication'),
  ...VISA_CLASSES.map((visaClass) => seed('application', visaClass, APPLICATION_FEES[visaClass], APPLICATION_FEES_FROM, FEE_SOURCES.visaFees, 'beforeInterview')),
  // Announced by the law, not yet collected: in force only once an admin gives its first day.
  seed('integrity', 'VISA', 25000, null, FEE_SOURCES.publicLaw119_21, 'atIssuance', true),
];

const seedId = (fee: Pick<Seed, 'code' | 'subject' | 'effectiveFrom'>) => `seed:${fee.code}:${fee.subject}:${fee.effectiveFrom ?? 'announced'}`;

/**
 * Inserts the seeded rows that are missing, by their fixed ids: running it twice changes nothing, and an admin's
 * changes (new rows) and checks are kept. Nobody has compared a seeded row with its source yet, so each starts
 * unchecked and the admin is reminded at once.
 */
export async function seedGovernmentFees(db: Executor): Promise<void> {
  const at = new Date().toISOString();
  for (const fee of SEEDED_FEES) {
    await db
      .insertInto('government_fees')
      .values({
        id: seedId(fee),
        code: fee.code,
        subject: fee.subject,
        amount_cents: fee.amountCents,
        currency: 'USD',
        effective_from: fee.effectiveFrom,
        source_url: fee.sourceUrl,
        payer: 'applicant',
        paid_at: fee.paidAt,
        refundable: fee.refundable ? 1 : 0,
        note: fee.note,
        last_checked_at: null,
        created_at: at,
        created_by: null,
      })
      .onConflict((oc) => oc.doNothing())
      .execute();
  }
}

export function toGovernmentFee(row: GovernmentFeeRow): GovernmentFee {
  return {
    id: row.id,
    code: row.code as FeeCode,
    subject: row.subject as FeeSubject,
    amountCents: Number(row.amount_cents),
    currency: 'USD',
    effectiveFrom: row.effective_from,
    sourceUrl: row.source_url,
    payer: 'applicant',
    paidAt: row.paid_at as FeeMoment,
    refundable: Number(row.refundable) === 1,
    note: row.note,
    lastCheckedAt: row.last_checked_at,
  };
}

/** The whole schedule (a few dozen rows): every reader picks from it in memory. */
export async function listGovernmentFees(db: Executor): Promise<GovernmentFee[]> {
  const rows = await db.selectFrom('government_fees').selectAll().orderBy('code').orderBy('subject').orderBy('effective_from').execute();
  return rows.map(toGovernmentFee);
}

export async function findGovernmentFee(db: Executor, id: string): Promise<GovernmentFee | undefined> {
  const row = await db.selectFrom('government_fees').selectAll().where('id', '=', id).executeTakeFirst();
  return row && toGovernmentFee(row);
}

/**
 * A change to a fee from a later day: a new row beside the ones in force (history kept), or, for a day already
 * scheduled, that scheduled row replaced (it has not been charged yet). `base` gives what the change does not.
 */
export async function scheduleGovernmentFee(
  db: Executor,
  base: GovernmentFee,
  change: FeeChange,
  by: { id: string; userId: string | null; at: string },
): Promise<void> {
  const values = {
    amount_cents: change.amountCents,
    source_url: change.sourceUrl,
    note: change.note,
    last_checked_at: by.at,
    created_at: by.at,
    created_by: by.userId,
  };
  await db
    .insertInto('government_fees')
    .values({
      id: by.id,
      code: base.code,
      subject: base.subject,
      currency: base.currency,
      effective_from: change.effectiveFrom,
      payer: base.payer,
      paid_at: base.paidAt,
      refundable: base.refundable ? 1 : 0,
      ...values,
    })
    .onConflict((oc) => oc.columns(['code', 'subject', 'effective_from']).doUpdateSet(values))
    .execute();
}

/** "Checked today": every row of the fee (its kind and subject) records when an admin last compared it with its source. */
export async function markGovernmentFeeChecked(db: Executor, fee: Pick<GovernmentFee, 'code' | 'subject'>, at: string): Promise<void> {
  await db.updateTable('government_fees').set({ last_checked_at: at }).where('code', '=', fee.code).where('subject', '=', fee.subject).execute();
}
