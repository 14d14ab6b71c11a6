import type { Executor } from '../index';
import type { PhotoRow } from '../schema';

// Queries take the database or a transaction and never open one: the photo store decides what is atomic.

/** Without the bytes: what an ownership check and a listing need. */
export type PhotoMeta = Omit<PhotoRow, 'data'>;

const META = ['id', 'owner_token', 'user_id', 'lead_id', 'content_type', 'width', 'height', 'size_bytes', 'created_at'] as const;

export async function insertPhoto(db: Executor, row: PhotoRow): Promise<void> {
  await db.insertInto('photos').values(row).execute();
}

export async function findPhotoMeta(db: Executor, id: string): Promise<PhotoMeta | undefined> {
  return db.selectFrom('photos').select(META).where('id', '=', id).executeTakeFirst();
}

export async function readPhotoData(db: Executor, id: string): Promise<Buffer | undefined> {
  const row = await db.selectFrom('photos').select('data').where('id', '=', id).executeTakeFirst();
  return row ? Buffer.from(row.data) : undefined;
}

/** The lead keeps one photo: the others go when a new one is chosen (before a lead exists, the owner keeps one). */
export async function deleteOtherPhotos(db: Executor, keep: string, leadId: string | null, ownerToken: string): Promise<void> {
  let query = db.deleteFrom('photos').where('id', '!=', keep);
  query = leadId ? query.where('lead_id', '=', leadId) : query.where('lead_id', 'is', null).where('owner_token', '=', ownerToken);
  await query.execute();
}

/** Signing in or up makes the photos this browser session chose the account's. */
export async function adoptPhotos(db: Executor, ownerToken: string, userId: string): Promise<void> {
  await db.updateTable('photos').set({ user_id: userId }).where('owner_token', '=', ownerToken).where('user_id', 'is', null).execute();
}

/** A photo kept before its lead existed joins the lead that names it. */
export async function attachPhoto(db: Executor, id: string, leadId: string): Promise<void> {
  await db.updateTable('photos').set({ lead_id: leadId }).where('id', '=', id).where('lead_id', 'is', null).execute();
}
