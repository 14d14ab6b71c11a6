import type { Executor } from '../index';

export interface PricingMap {
  ESTA: number;
  DS160_BASIC: number;
  DS160_PRO: number;
  DS160_PREMIUM: number;
}

export interface Branding {
  brandName: string;
  chatAssistantName: string;
}

export interface Fees {
  ds160GovernmentFee: number;
  estaGovernmentFee: number;
  processingFee: number;
  /** The question-by-question pre-assessment's completion fee (spec 1-core §2.3, §9). */
  completionFee: number;
}

export interface Settings {
  pricing: PricingMap;
  branding: Branding;
  fees: Fees;
}

export const DEFAULT_SETTINGS: Settings = {
  pricing: { ESTA: 99, DS160_BASIC: 50, DS160_PRO: 100, DS160_PREMIUM: 150 },
  branding: { brandName: 'Rumbo', chatAssistantName: 'Sofía' },
  fees: { ds160GovernmentFee: 185, estaGovernmentFee: 21, processingFee: 2.99, completionFee: 100 },
};

export async function getSetting<K extends keyof Settings>(db: Executor, key: K): Promise<Settings[K]> {
  const row = await db.selectFrom('settings').select('value').where('key', '=', key).executeTakeFirst();
  // A missing row (a database seeded by an older release) falls back to the product defaults.
  return row ? { ...DEFAULT_SETTINGS[key], ...(JSON.parse(row.value) as Settings[K]) } : DEFAULT_SETTINGS[key];
}

export async function putSetting<K extends keyof Settings>(db: Executor, key: K, value: Settings[K]): Promise<void> {
  const updated_at = new Date().toISOString();
  await db
    .insertInto('settings')
    .values({ key, value: JSON.stringify(value), updated_at })
    .onConflict((oc) => oc.column('key').doUpdateSet({ value: JSON.stringify(value), updated_at }))
    .execute();
}

/** Inserts the default only where no value exists, so operators' edits survive restarts. */
export async function seedSetting<K extends keyof Settings>(db: Executor, key: K): Promise<void> {
  await db
    .insertInto('settings')
    .values({ key, value: JSON.stringify(DEFAULT_SETTINGS[key]), updated_at: new Date().toISOString() })
    .onConflict((oc) => oc.column('key').doNothing())
    .execute();
}
