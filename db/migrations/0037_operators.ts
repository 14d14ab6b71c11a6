import { sql, type Kysely } from 'kysely';

// Operators with roles and two-factor sign-in (issue 44 item 6). An admin account (users.role 'admin') gains its
// role in the admin area; the admins that exist become owners, as the first admin from ADMIN_USERNAME is. The
// TOTP secret is kept encrypted (server/services/operators/secretBox.ts) and the last time step a code was used
// for, so a code works once. Recovery codes are kept as SHA-256 hashes of 79-bit random codes. An invitation is
// the hash of its token with its expiry; an invited operator has no password until they take it.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('users').addColumn('admin_role', 'varchar(16)').execute();
  await db.schema.alterTable('users').addColumn('disabled_at', 'varchar(32)').execute();
  await db.schema.alterTable('users').addColumn('totp_secret', 'text').execute();
  await db.schema.alterTable('users').addColumn('totp_enabled_at', 'varchar(32)').execute();
  await db.schema.alterTable('users').addColumn('totp_last_step', 'bigint').execute();
  await db.schema.alterTable('users').addColumn('invite_hash', 'varchar(64)').execute();
  await db.schema.alterTable('users').addColumn('invite_expires_at', 'varchar(32)').execute();
  await db.schema.createIndex('users_invite_hash_idx').on('users').column('invite_hash').unique().execute();
  await sql`UPDATE users SET admin_role = 'owner' WHERE role = 'admin'`.execute(db);

  await db.schema
    .createTable('recovery_codes')
    .addColumn('code_hash', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('user_id', 'varchar(36)', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('used_at', 'varchar(32)')
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('recovery_codes_user_idx').on('recovery_codes').column('user_id').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('recovery_codes').execute();
  await db.schema.dropIndex('users_invite_hash_idx').execute();
  for (const column of ['invite_expires_at', 'invite_hash', 'totp_last_step', 'totp_enabled_at', 'totp_secret', 'disabled_at', 'admin_role']) {
    await db.schema.alterTable('users').dropColumn(column).execute();
  }
}
