import { sql, type Kysely } from 'kysely';

// Each order keeps the government fees it was quoted with (issue 44): the applicant's visa class (or 'ESTA') and
// the fee lines in force that day with their sources, as JSON, so a receipt tells the fees of its day whatever the
// schedule says later. Orders made before carry their one amount as a line of their service's fee, with the
// official page that listed it then.
const ESTA_SOURCE = 'https://www.cbp.gov/travel/international-visitors/esta';
const VISA_SOURCE = 'https://travel.state.gov/content/travel/en/us-visas/visa-information-resources/fees/fees-visa-services.html';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('orders').addColumn('visa_class', 'varchar(8)').execute();
  await db.schema.alterTable('orders').addColumn('government_fees', 'text').execute();
  const line = (code: string, subject: string, source: string, paidAt: string) =>
    sql<string>`'[{"code":"${sql.raw(code)}","subject":"${sql.raw(subject)}","amountCents":' || CAST(government_fee_cents AS TEXT) || ',"currency":"USD","effectiveFrom":null,"sourceUrl":"${sql.raw(source)}","paidAt":"${sql.raw(paidAt)}","refundable":false,"note":""}]'`;
  await db
    .updateTable('orders')
    .set({ visa_class: 'ESTA', government_fees: line('esta', 'ESTA', ESTA_SOURCE, 'withApplication') })
    .where('service', '=', 'ESTA')
    .where('government_fees', 'is', null)
    .execute();
  await db
    .updateTable('orders')
    .set({ visa_class: 'B', government_fees: line('application', 'B', VISA_SOURCE, 'beforeInterview') })
    .where('service', '<>', 'ESTA')
    .where('government_fees', 'is', null)
    .execute();
  // A group's payment has no class of its own: its lines have theirs.
  await db.updateTable('orders').set({ visa_class: null }).where('plan', '=', 'group').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('orders').dropColumn('government_fees').execute();
  await db.schema.alterTable('orders').dropColumn('visa_class').execute();
}
