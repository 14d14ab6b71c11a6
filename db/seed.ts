import type { Db } from './index';
import { seedGovernmentFees } from './queries/governmentFees';
import { seedPlans } from './queries/plans';
import { seedSetting } from './queries/settings';
import { countAdmins, createAdmin } from './queries/users';

export interface SeedOptions {
  admin: { username: string; passwordHash: string } | null;
}

/** Idempotent: running it twice changes nothing; existing values are never overwritten. */
export async function seed(db: Db, options: SeedOptions): Promise<{ adminCreated: boolean }> {
  await seedSetting(db, 'pricing');
  await seedSetting(db, 'branding');
  await seedSetting(db, 'fees');
  await seedPlans(db);
  await seedGovernmentFees(db);
  if (!options.admin || (await countAdmins(db)) > 0) return { adminCreated: false };
  return { adminCreated: await createAdmin(db, options.admin.username, options.admin.passwordHash) };
}
