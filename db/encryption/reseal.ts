import { sql, type Kysely } from 'kysely';
import { kidOf, kidOfBytes, SEALED_PREFIX, type DataCodec } from './codec';
import { BINARY_COLUMNS, ENCRYPTED_COLUMNS, type EncryptedTable } from './columns';

export interface ResealOptions {
  /** Rows read and written at a time. */
  batchSize?: number;
  /** Only these tables (a migration names those that exist at its point in the sequence); all by default. */
  tables?: readonly EncryptedTable[];
  /** Told after each batch, with how many values it re-sealed. */
  onBatch?: (table: EncryptedTable, resealed: number) => void;
}

/**
 * Seals again, under the ring's current key, every value of an encrypted column that is not under it yet: a value
 * under an older key (a rotation), or a plain one written before encryption (migration 0035, which passes no
 * codec and so seals only plain values). The writes go through the database's encryption plugin, which does the
 * sealing: this only finds what is stale and reads it.
 *
 * A batch at a time, walking each table by its key, every row its own compare-and-set write: a value that
 * changed since it was read (a live server saved over it, already under the current key) is left alone, so
 * the command runs beside the servers, stops anywhere and starts again where work remains (idempotent).
 */
export async function resealAll(db: Kysely<any>, codec: DataCodec | null, options: ResealOptions = {}): Promise<Record<EncryptedTable, number>> {
  const batchSize = options.batchSize ?? 200;
  const target = codec ? `${SEALED_PREFIX}${codec.currentKid}:` : SEALED_PREFIX;
  const counts = {} as Record<EncryptedTable, number>;
  for (const [table, { key, columns }] of Object.entries(ENCRYPTED_COLUMNS) as Array<[EncryptedTable, (typeof ENCRYPTED_COLUMNS)[EncryptedTable]]>) {
    if (options.tables && !options.tables.includes(table)) continue;
    counts[table] = 0;
    const prefixOf = (column: string) => (BINARY_COLUMNS.has(`${table}.${column}`) ? Buffer.from(target, 'ascii') : target);
    let after: string | null = null;
    for (;;) {
      // Aliased, so the plugin hands back the stored value as it is, sealed or not.
      let query = db
        .selectFrom(table)
        .select([sql.ref(key).as('row_key'), ...columns.map((c) => sql.ref(c).as(`stored_${c}`))])
        .where((eb) => eb.or(columns.map((c) => eb.and([eb(c, 'is not', null), eb(sql`substr(${sql.ref(c)}, 1, ${target.length})`, '<>', prefixOf(c))]))))
        .orderBy(key)
        .limit(batchSize);
      if (after !== null) query = query.where(key, '>', after);
      const rows = (await query.execute()) as Array<Record<string, unknown>>;
      let resealed = 0;
      for (const row of rows) {
        for (const column of columns) {
          const stored = row[`stored_${column}`] as string | Buffer | null;
          if (stored === null || isCurrent(stored, codec)) continue;
          const plain = plainOf(stored, codec);
          if (plain === null) continue;
          const result = await db.updateTable(table).set({ [column]: plain }).where(key, '=', row.row_key).where(column, '=', stored).executeTakeFirst();
          resealed += Number(result.numUpdatedRows);
        }
      }
      counts[table] += resealed;
      options.onBatch?.(table, resealed);
      if (rows.length < batchSize) break;
      after = rows[rows.length - 1]!.row_key as string;
    }
  }
  return counts;
}

function isCurrent(stored: string | Buffer, codec: DataCodec | null): boolean {
  const kid = typeof stored === 'string' ? kidOf(stored) : kidOfBytes(Buffer.from(stored));
  return codec ? kid === codec.currentKid : kid !== null;
}

/** The plain value to seal again; null for a sealed one when there is no codec to open it (the migration leaves those). */
function plainOf(stored: string | Buffer, codec: DataCodec | null): string | Buffer | null {
  if (typeof stored === 'string') return kidOf(stored) === null ? stored : codec ? codec.open(stored) : null;
  const bytes = Buffer.from(stored);
  return kidOfBytes(bytes) === null ? bytes : codec ? codec.openBytes(bytes) : null;
}
