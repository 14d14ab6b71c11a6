import fp from 'fastify-plugin';
import { createDb, dialectOf, migrateToLatest, type Db, type Dialect } from '../../../db/index';
import { checkKeyRing } from '../../../db/encryption/keyCheck';
import { loadDataCodec } from '../../../db/encryption/keyRing';
import { countAdmins } from '../../../db/queries/users';
import { seed } from '../../../db/seed';
import type { Config } from '../../config';
import { hashPassword, randomSecret } from '../../lib/password';

declare module 'fastify' {
  interface FastifyInstance {
    db: Db;
    dialect: Dialect;
  }
}

/** Opens the database, migrates it, seeds it, and closes it with the app. */
export default fp(
  async (app, opts: { config: Config; db?: Db }) => {
    const { config } = opts;
    // A dropped connection (the database restarted, an operator terminated it) is replaced, not fatal (issue 41).
    const onConnectionError = (err: Error) => app.log.warn({ err }, 'a database connection was lost; the next request connects afresh');
    const codec = opts.db ? null : loadDataCodec(config.dataDir, config.dataKeys);
    const db = opts.db ?? createDb({ ...config, onConnectionError }, codec ?? undefined);
    app.decorate('db', db);
    app.decorate('dialect', dialectOf(config));
    await migrateToLatest(db, dialectOf(config) === 'postgres' ? config.pgSchema : undefined);
    // A database given by a test carries the key ring that test chose.
    if (codec) await checkKeyRing(db, codec);

    let admin: { username: string; passwordHash: string } | null = null;
    let printedPassword: string | null = null;
    if ((await countAdmins(db)) === 0) {
      const username = config.adminUsername ?? 'admin';
      const password = config.adminPassword ?? randomSecret(12);
      if (!config.adminPassword) printedPassword = password;
      admin = { username, passwordHash: await hashPassword(password) };
    }
    const { adminCreated } = await seed(db, { admin });
    if (adminCreated && printedPassword) {
      // Shown once: the hash is all the database keeps.
      app.log.warn(`First admin created: username "${admin?.username}", password "${printedPassword}". Change it after signing in.`);
    }

    app.addHook('onClose', async () => {
      if (!opts.db) await db.destroy();
    });
  },
  { name: 'db' },
);
