import type { Kysely } from 'kysely';

// The admin's ESTA price becomes our service fee itself (issue 44, docs/DECISIONS.md): the checkout no longer takes a
// fixed $22 off it. What an ESTA applicant is charged stays the same: the stored price loses the $22 here (a
// database seeded with 99 holds 77), never below 0, as the deduction never went. The government fees the 'fees'
// setting held ($21 and $185) go: the schedule of migration 0027 is their one home.
const DEDUCTION = 22;

async function change(db: Kysely<any>, key: string, edit: (value: Record<string, unknown>) => void): Promise<void> {
  const row = await db.selectFrom('settings').select('value').where('key', '=', key).executeTakeFirst();
  if (!row) return;
  const value = JSON.parse(row.value as string) as Record<string, unknown>;
  edit(value);
  await db.updateTable('settings').set({ value: JSON.stringify(value), updated_at: new Date().toISOString() }).where('key', '=', key).execute();
}

export async function up(db: Kysely<any>): Promise<void> {
  await change(db, 'pricing', (pricing) => {
    if (typeof pricing.ESTA === 'number') pricing.ESTA = Math.max(0, pricing.ESTA - DEDUCTION);
  });
  await change(db, 'fees', (fees) => {
    delete fees.estaGovernmentFee;
    delete fees.ds160GovernmentFee;
  });
}

export async function down(db: Kysely<any>): Promise<void> {
  await change(db, 'pricing', (pricing) => {
    if (typeof pricing.ESTA === 'number') pricing.ESTA += DEDUCTION;
  });
  await change(db, 'fees', (fees) => {
    fees.estaGovernmentFee = 21;
    fees.ds160GovernmentFee = 185;
  });
}
