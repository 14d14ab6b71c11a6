import { PostgresAdapter, sql, type Kysely } from 'kysely';

// Issue 41: an order never outlives its application silently. orders.lead_id is ON DELETE SET NULL (0004), which
// quietly detached an order being charged from a traveller removed at the same moment. The database now refuses to
// delete an application with a paid or pending order; a declined or refunded one, which holds no money, is still
// detached as before. A trigger rather than RESTRICT, so the refusal reads the order's status (both dialects).
export async function up(db: Kysely<any>): Promise<void> {
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    await sql`CREATE FUNCTION leads_keep_ordered() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (SELECT 1 FROM orders WHERE lead_id = OLD.id AND status IN ('paid', 'pending')) THEN
    RAISE EXCEPTION 'lead % has a paid or pending order', OLD.id USING ERRCODE = '23503';
  END IF;
  RETURN OLD;
END $$`.execute(db);
    await sql`CREATE TRIGGER leads_keep_ordered BEFORE DELETE ON leads FOR EACH ROW EXECUTE FUNCTION leads_keep_ordered()`.execute(db);
    return;
  }
  await sql`CREATE TRIGGER leads_keep_ordered BEFORE DELETE ON leads
WHEN EXISTS (SELECT 1 FROM orders WHERE lead_id = OLD.id AND status IN ('paid', 'pending'))
BEGIN SELECT RAISE(ABORT, 'lead has a paid or pending order'); END`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    await sql`DROP TRIGGER IF EXISTS leads_keep_ordered ON leads`.execute(db);
    await sql`DROP FUNCTION IF EXISTS leads_keep_ordered()`.execute(db);
  } else await sql`DROP TRIGGER IF EXISTS leads_keep_ordered`.execute(db);
}
