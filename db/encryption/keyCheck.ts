import type { Executor } from '../index';
import { DataCodecError, type DataCodec } from './codec';

const SETTING = 'data_key:';

/**
 * Every server that shares a database must hold the same keys: two processes that each generated their own `k1`
 * (separate data folders, no DATA_KEYS) would seal values the other cannot open. The first start records each
 * key id's fingerprint in the database; a start whose key of the same id differs stops with the reason, before
 * it seals anything.
 */
export async function checkKeyRing(db: Executor, codec: DataCodec): Promise<void> {
  const ours = codec.fingerprints();
  const at = new Date().toISOString();
  for (const [kid, fingerprint] of ours) {
    await db.insertInto('settings').values({ key: `${SETTING}${kid}`, value: JSON.stringify({ fingerprint }), updated_at: at }).onConflict((oc) => oc.column('key').doNothing()).execute();
  }
  const rows = await db.selectFrom('settings').select(['key', 'value']).where('key', 'in', [...ours.keys()].map((kid) => `${SETTING}${kid}`)).execute();
  for (const row of rows) {
    const kid = row.key.slice(SETTING.length);
    if ((JSON.parse(row.value) as { fingerprint: string }).fingerprint !== ours.get(kid))
      throw new DataCodecError(
        `Data key "${kid}" is not the "${kid}" this database's values were sealed with (another server, or an earlier start, holds a different one): give every server the same DATA_KEYS, or the same DATA_DIR/data-keys file.`,
      );
  }
}
