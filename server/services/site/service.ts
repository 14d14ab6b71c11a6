import { transact } from '../../../db/groupCommit';
import type { Db, Executor } from '../../../db/index';
import { listPlans } from '../../../db/queries/plans';
import { getSetting, putSetting, type Branding, type PricingMap, type Settings } from '../../../db/queries/settings';
import { findCountry } from '../../../machines/domain/countries';
import { eligibility, favourableCitizenship, type Eligibility, type Purpose } from '../../../machines/domain/visaRules';
import type { PlanDto } from '../../../openapi/schemas/plans';
import { badRequest } from '../../lib/problems';
import type { PriceDto, PriceListDto } from '../../../openapi/schemas/orders';
import { LocalNotices, type ChangeNotices } from '../guard/notices';
import { plansOf, priceList } from '../orders/products';

/**
 * A change reaches every process's copy at once through the change notices (Redis pub/sub or PostgreSQL
 * LISTEN/NOTIFY); this bounds how stale a copy can get if a notice is lost on a broken connection.
 */
const CACHE_MS = 5_000;

/** Another write that must be in the transaction of a settings change. */
type AlsoIn<T> = (trx: Executor, saved: T) => Promise<void>;

/** The topic of the notices that drop the copies. */
const SITE_TOPIC = 'site';

interface Cached {
  branding: Branding;
  pricing: PricingMap;
  fees: Settings['fees'];
  plans: PlanDto[];
  prices: PriceListDto;
}

/** What every visitor reads: branding, the pricing map, the plans, and the visa rule's answer for a nationality and purpose. */
export class SiteService {
  private readonly cache = new Map<keyof Cached, { value: Promise<unknown>; at: number }>();

  constructor(
    private readonly db: Executor,
    private readonly notices: ChangeNotices = new LocalNotices(),
    private readonly now: () => number = Date.now,
  ) {
    notices.subscribe(SITE_TOPIC, () => this.cache.clear());
  }

  /** Read on every page, changed rarely: kept in memory, dropped when the admin changes them. */
  private cached<K extends keyof Cached>(key: K, load: () => Promise<Cached[K]>): Promise<Cached[K]> {
    const hit = this.cache.get(key);
    if (hit && this.now() - hit.at < CACHE_MS) return hit.value as Promise<Cached[K]>;
    const value = load();
    this.cache.set(key, { value, at: this.now() });
    value.catch(() => this.cache.delete(key));
    return value;
  }

  branding(): Promise<Branding> {
    return this.cached('branding', () => getSetting(this.db, 'branding'));
  }

  pricing(): Promise<PricingMap> {
    return this.cached('pricing', () => getSetting(this.db, 'pricing'));
  }

  fees(): Promise<Cached['fees']> {
    return this.cached('fees', () => getSetting(this.db, 'fees'));
  }

  /** GET /api/subscription/plans: the packages at the current prices. */
  plans(): Promise<PlanDto[]> {
    return this.cached('plans', async () => {
      const [pricing, fees, packages] = await Promise.all([this.pricing(), this.fees(), listPlans(this.db)]);
      return plansOf({ pricing, fees, packages });
    });
  }

  /** GET /api/prices: every product's price story, from the same map checkout charges by. */
  prices(): Promise<PriceListDto> {
    return this.cached('prices', async () => {
      const [pricing, fees] = await Promise.all([this.pricing(), this.fees()]);
      return priceList({ pricing, fees });
    });
  }

  /** `alsoIn` writes in the same transaction (the audit log's entry, issue 44), so the change and its record are one. */
  async setBranding(branding: Branding, alsoIn?: AlsoIn<Branding>): Promise<Branding> {
    const value = { brandName: branding.brandName.trim(), chatAssistantName: branding.chatAssistantName.trim() };
    if (!value.brandName) throw badRequest('branding.brandName', 'must not be blank');
    if (!value.chatAssistantName) throw badRequest('branding.chatAssistantName', 'must not be blank');
    await this.put('branding', value, alsoIn);
    return value;
  }

  async setPricing(pricing: PricingMap, alsoIn?: AlsoIn<PricingMap>): Promise<PricingMap> {
    const value = { ESTA: pricing.ESTA, DS160_BASIC: pricing.DS160_BASIC, DS160_PRO: pricing.DS160_PRO, DS160_PREMIUM: pricing.DS160_PREMIUM };
    await this.put('pricing', value, alsoIn);
    return value;
  }

  private async put<K extends 'branding' | 'pricing'>(key: K, value: Settings[K], alsoIn?: AlsoIn<Settings[K]>): Promise<void> {
    await transact(this.db as Db, async (trx) => {
      await putSetting(trx, key, value);
      await alsoIn?.(trx, value);
    });
    await this.notices.publish(SITE_TOPIC);
  }

  /**
   * GET /api/eligibility: the visa rule's facts, with the price of the service they lead to (the ESTA, or a
   * DS-160 from the Basic package), the same story the checkout charges.
   */
  async eligibility(query: { country: string; purpose: Purpose; otherCountry?: string; visaType?: 'DS-160' }): Promise<Eligibility & { price: PriceDto | null }> {
    const country = findCountry(query.country);
    if (!country) throw badRequest('country', 'unknown country', 'querystring');
    const other = query.otherCountry === undefined ? undefined : findCountry(query.otherCountry);
    if (query.otherCountry !== undefined && !other) throw badRequest('otherCountry', 'unknown country', 'querystring');
    const prices = await this.prices();
    const citizenship = favourableCitizenship(country.name, other?.name, query.purpose);
    const table = {
      estaGovernmentFee: prices.esta.governmentFee / 100,
      ds160GovernmentFee: prices.basic.governmentFee / 100,
      estaServiceFee: prices.esta.serviceFee / 100,
      ds160ServiceFee: prices.basic.serviceFee / 100,
    };
    const facts = eligibility(citizenship, query.purpose, table, query.visaType);
    const price = facts.visaType === 'ESTA' ? prices.esta : facts.visaType === 'DS-160' ? prices.basic : null;
    return { ...facts, price };
  }
}
