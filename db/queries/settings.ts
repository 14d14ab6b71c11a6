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

/** Our own fees beside the pricing map; the government's are a dated schedule (db/queries/governmentFees.ts). */
export interface Fees {
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
  // The ESTA entry is our ESTA service fee (docs/DECISIONS.md: no deduction; migration 0028 moved 99 to 77).
  pricing: { ESTA: 77, DS160_BASIC: 50, DS160_PRO: 100, DS160_PREMIUM: 150 },
  branding: { brandName: 'Rumbo', chatAssistantName: 'Sofía' },
  fees: { processingFee: 2.99, completionFee: 100 },
};

export async function getSetting<K extends keyof Settings>(db: Executor, key: K): Promise<Settings[K]> {
  const row = await db.selectFrom('settings').select('value').where('key', '=', key).executeTakeFirst();
  // A missing row (a database seeded by an older release) falls back to the product defaults; keys the product no
  // longer has (the government fees an older release kept here) are left out.
  if (!row) return DEFAULT_SETTINGS[key];
  const stored = JSON.parse(row.value) as Record<string, unknown>;
  const known = Object.keys(DEFAULT_SETTINGS[key]).filter((k) => k in stored).map((k) => [k, stored[k]]);
  return { ...DEFAULT_SETTINGS[key], ...Object.fromEntries(known) } as Settings[K];
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
