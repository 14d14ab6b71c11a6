import type { Executor } from '../index';
import type { GatewayChargeRow } from '../schema';

// The embedded payment gateway's ledger. Queries take the database or a transaction and never open one.

export async function findGatewayCharge(db: Executor, key: string): Promise<GatewayChargeRow | undefined> {
  return db.selectFrom('gateway_charges').selectAll().where('idempotency_key', '=', key).executeTakeFirst();
}

/** Records the first result for a key; says whether this call wrote it (another call with the key may have won). */
export async function insertGatewayChargeOnce(db: Executor, row: GatewayChargeRow): Promise<boolean> {
  const result = await db
    .insertInto('gateway_charges')
    .values(row)
    .onConflict((oc) => oc.column('idempotency_key').doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
}
