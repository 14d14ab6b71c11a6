import { randomInt } from 'node:crypto';
import type { Kysely } from 'kysely';

// A group's number (issue 43), as the official ESTA site gives a group an ID: the leader quotes it and finds the
// group again from the e-mail that carries it. Groups made before get one here. Frozen in time: the alphabet is
// written out, not imported.
const READABLE = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
const part = () => Array.from({ length: 4 }, () => READABLE[randomInt(READABLE.length)]).join('');

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('traveller_groups').addColumn('number', 'varchar(16)').execute();
  const groups = (await db.selectFrom('traveller_groups').select('id').execute()) as Array<{ id: string }>;
  const taken = new Set<string>();
  for (const { id } of groups) {
    let number: string;
    do number = `G-${part()}-${part()}`;
    while (taken.has(number));
    taken.add(number);
    await db.updateTable('traveller_groups').set({ number }).where('id', '=', id).execute();
  }
  await db.schema.createIndex('traveller_groups_number_idx').on('traveller_groups').column('number').unique().execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('traveller_groups_number_idx').execute();
  await db.schema.alterTable('traveller_groups').dropColumn('number').execute();
}
