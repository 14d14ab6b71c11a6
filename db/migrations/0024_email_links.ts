import type { Kysely } from 'kysely';

// Links sent by e-mail (issue 43): a password reset, a sign-in link, an address to verify, a traveller's invitation
// to their own form, a group's link back. Only a hash of the link's token is kept: the token itself is in the
// message alone. Reset, sign-in, verification and invitation links are single-use (`used_at`); every link expires.
//
// An account records when its address was shown to be its owner's (a verification link, a sign-in link or a
// reset followed from the mailbox).
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('email_links')
    .addColumn('id', 'varchar(36)', (c) => c.primaryKey())
    .addColumn('purpose', 'varchar(16)', (c) => c.notNull())
    .addColumn('token_hash', 'varchar(64)', (c) => c.notNull().unique())
    // Normalised: the address the link was sent to.
    .addColumn('email', 'varchar(320)', (c) => c.notNull())
    .addColumn('user_id', 'varchar(36)')
    // An invitation's traveller, a group link's leader.
    .addColumn('lead_id', 'varchar(36)')
    .addColumn('group_id', 'varchar(36)')
    .addColumn('expires_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('used_at', 'varchar(32)')
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('email_links_purpose_email_idx').on('email_links').columns(['purpose', 'email']).execute();
  await db.schema.createIndex('email_links_expires_idx').on('email_links').columns(['expires_at']).execute();

  await db.schema.alterTable('users').addColumn('email_verified_at', 'varchar(32)').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('users').dropColumn('email_verified_at').execute();
  await db.schema.dropTable('email_links').execute();
}
