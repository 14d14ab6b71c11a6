import type { Executor } from '../../../db/index';
import { getSetting, putSetting, type Branding, type PricingMap } from '../../../db/queries/settings';
import { findCountry } from '../../../machines/domain/countries';
import { eligibility, favourableCitizenship, type Eligibility, type Purpose } from '../../../machines/domain/visaRules';
import { badRequest } from '../../lib/problems';

/** What every visitor reads: branding, the pricing map, and the visa rule's answer for a nationality and purpose. */
/** How long another server process may show the old prices after an admin changes them (this one: not at all). */
const CACHE_MS = 5_000;

export class SiteService {
  private readonly cache = new Map<'branding' | 'pricing', { value: Promise<unknown>; at: number }>();

  constructor(
    private readonly db: Executor,
    private readonly now: () => number = Date.now,
  ) {}

  /** Branding and prices are read on every page, changed rarely: kept in memory, dropped when the admin changes them. */
  private cached<K extends 'branding' | 'pricing'>(key: K): Promise<K extends 'branding' ? Branding : PricingMap> {
    const hit = this.cache.get(key);
    if (hit && this.now() - hit.at < CACHE_MS) return hit.value as Promise<K extends 'branding' ? Branding : PricingMap>;
    const value = getSetting(this.db, key);
    this.cache.set(key, { value, at: this.now() });
    value.catch(() => this.cache.delete(key));
    return value as Promise<K extends 'branding' ? Branding : PricingMap>;
  }

  branding(): Promise<Branding> {
    return this.cached('branding');
  }

  pricing(): Promise<PricingMap> {
    return this.cached('pricing');
  }

  async setBranding(branding: Branding): Promise<Branding> {
    const value = { brandName: branding.brandName.trim(), chatAssistantName: branding.chatAssistantName.trim() };
    if (!value.brandName) throw badRequest('branding.brandName', 'must not be blank');
    if (!value.chatAssistantName) throw badRequest('branding.chatAssistantName', 'must not be blank');
    await putSetting(this.db, 'branding', value);
    this.cache.delete('branding');
    return value;
  }

  async setPricing(pricing: PricingMap): Promise<PricingMap> {
    const value = { ESTA: pricing.ESTA, DS160_BASIC: pricing.DS160_BASIC, DS160_PRO: pricing.DS160_PRO, DS160_PREMIUM: pricing.DS160_PREMIUM };
    await putSetting(this.db, 'pricing', value);
    this.cache.delete('pricing');
    return value;
  }

  async eligibility(query: { country: string; purpose: Purpose; otherCountry?: string; visaType?: 'DS-160' }): Promise<Eligibility> {
    const country = findCountry(query.country);
    if (!country) throw badRequest('country', 'unknown country', 'querystring');
    const other = query.otherCountry === undefined ? undefined : findCountry(query.otherCountry);
    if (query.otherCountry !== undefined && !other) throw badRequest('otherCountry', 'unknown country', 'querystring');
    const [pricing, fees] = await Promise.all([this.pricing(), getSetting(this.db, 'fees')]);
    const citizenship = favourableCitizenship(country.name, other?.name, query.purpose);
    const table = {
      estaGovernmentFee: fees.estaGovernmentFee,
      ds160GovernmentFee: fees.ds160GovernmentFee,
      estaServiceFee: pricing.ESTA,
      ds160ServiceFee: pricing.DS160_BASIC,
    };
    return eligibility(citizenship, query.purpose, table, query.visaType);
  }
}
