import { transact } from '../../../db/groupCommit';
import type { Db, Executor } from '../../../db/index';
import { preparedApplications } from '../../../db/queries/claims';
import { listGovernmentFees } from '../../../db/queries/governmentFees';
import { listPlans } from '../../../db/queries/plans';
import { getSetting, putSetting, type Branding, type PricingMap, type Settings } from '../../../db/queries/settings';
import { findCountry } from '../../../machines/domain/countries';
import { dayOf, FEE_APPLICANTS, feesInForce, isIsoDay, lineOf, totalOf, type FeeApplicant, type FeeLine, type GovernmentFee } from '../../../machines/domain/governmentFees';
import { feeApplicantFor } from '../../../machines/domain/visaClass';
import { eligibility, favourableCitizenship, type Eligibility, type Purpose } from '../../../machines/domain/visaRules';
import type { SiteFiguresDto } from '../../../openapi/schemas/figures';
import type { GovernmentFeeTableDto } from '../../../openapi/schemas/governmentFees';
import type { PlanDto } from '../../../openapi/schemas/plans';
import { badRequest } from '../../lib/problems';
import type { PriceDto, PriceListDto } from '../../../openapi/schemas/orders';
import { median } from '../admin/dashboard';
import { LocalNotices, type ChangeNotices } from '../guard/notices';
import { plansOf, priceList, priceOf, type PricingTable } from '../orders/products';

/**
 * A change reaches every process's copy at once through the change notices (Redis pub/sub or PostgreSQL
 * LISTEN/NOTIFY); this bounds how stale a copy can get if a notice is lost on a broken connection.
 */
const CACHE_MS = 5_000;

/** Another write that must be in the transaction of a settings change. */
type AlsoIn<T> = (trx: Executor, saved: T) => Promise<void>;

/** The landing page's figures cover this many whole days, ending yesterday (so they change once a day). */
export const FIGURES_PERIOD_DAYS = 90;
/** Below this many applications a figure says too little: it is not stated. */
export const FIGURES_MINIMUM_SAMPLE = 10;
const DAY_MS = 86_400_000;

/** The topic of the notices that drop the copies (the government fees' service publishes it too). */
export const SITE_TOPIC = 'site';

interface Cached {
  branding: Branding;
  pricing: PricingMap;
  fees: Settings['fees'];
  schedule: GovernmentFee[];
  plans: PlanDto[];
  prices: PriceListDto;
}

/**
 * What every visitor reads: branding, the pricing map, the plans, the government fees in force, and the visa
 * rule's answer for a nationality and purpose.
 */
export class SiteService {
  private readonly cache = new Map<keyof Cached, { value: Promise<unknown>; at: number }>();
  /** The last value each read gave: served while the database cannot be reached (issue 41), so pages still show prices. */
  private readonly lastGood = new Map<keyof Cached, unknown>();
  private figuresOfDay: { day: string; value: Promise<SiteFiguresDto> } | null = null;

  constructor(
    private readonly db: Executor,
    private readonly notices: ChangeNotices = new LocalNotices(),
    private readonly now: () => number = Date.now,
  ) {
    notices.subscribe(SITE_TOPIC, () => this.cache.clear());
  }

  /**
   * Read on every page, changed rarely: kept in memory, dropped when the admin changes them. A read that fails (the
   * database is away) is tried again by the next request, and meanwhile answers the last value it had, if any.
   */
  private cached<K extends keyof Cached>(key: K, load: () => Promise<Cached[K]>): Promise<Cached[K]> {
    const hit = this.cache.get(key);
    if (hit && this.now() - hit.at < CACHE_MS) return hit.value as Promise<Cached[K]>;
    const value = load().then(
      (loaded) => {
        this.lastGood.set(key, loaded);
        return loaded;
      },
      (err: unknown) => {
        this.cache.delete(key);
        if (this.lastGood.has(key)) return this.lastGood.get(key) as Cached[K];
        throw err;
      },
    );
    this.cache.set(key, { value, at: this.now() });
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

  /** Every row of the government fees' schedule; `feesInForce` picks a day's. */
  schedule(): Promise<GovernmentFee[]> {
    return this.cached('schedule', () => listGovernmentFees(this.db));
  }

  /** The server's day (UTC): the government fees of this day are the ones every price carries. */
  today(): string {
    return dayOf(this.now());
  }

  /** What a price is made of today: the pricing map, our fees and the government's. */
  async priceTable(): Promise<PricingTable> {
    const [pricing, fees, schedule] = await Promise.all([this.pricing(), this.fees(), this.schedule()]);
    return { pricing, fees, schedule, day: this.today() };
  }

  /**
   * The government fees an applicant owes on a day (today by default), each with its source: the one answer for
   * every page, PDF, chat and e-mail that names a government fee.
   */
  async governmentFeesFor(applicant: FeeApplicant, day: string = this.today()): Promise<FeeLine[]> {
    return feesInForce(await this.schedule(), day, applicant).map(lineOf);
  }

  /** GET /api/government-fees: every applicant's fees on a day, and the changes scheduled after it. */
  async governmentFeeTable(day: string = this.today()): Promise<GovernmentFeeTableDto> {
    if (!isIsoDay(day)) throw badRequest('day', 'is not a day (YYYY-MM-DD)', 'querystring');
    const schedule = await this.schedule();
    const applicants = FEE_APPLICANTS.map((applicant) => {
      const fees = feesInForce(schedule, day, applicant).map(lineOf);
      return { applicant, fees, total: totalOf(fees) };
    });
    const upcoming = schedule
      .filter((fee) => fee.effectiveFrom !== null && fee.effectiveFrom > day)
      .sort((a, b) => (a.effectiveFrom as string).localeCompare(b.effectiveFrom as string))
      .map(lineOf);
    return { day, applicants, upcoming };
  }

  /**
   * GET /api/figures: what the landing page may claim (issue 44), from the applications completed in the last 90
   * whole days; a figure with fewer than 10 applications behind it is null. Counted once a day.
   */
  figures(): Promise<SiteFiguresDto> {
    const today = this.today();
    if (this.figuresOfDay?.day !== today) {
      const value = this.countFigures(today);
      this.figuresOfDay = { day: today, value };
      value.catch(() => {
        if (this.figuresOfDay?.value === value) this.figuresOfDay = null;
      });
    }
    return this.figuresOfDay.value;
  }

  private async countFigures(today: string): Promise<SiteFiguresDto> {
    const until = `${today}T00:00:00.000Z`;
    const start = new Date(Date.parse(until) - FIGURES_PERIOD_DAYS * DAY_MS);
    const { count, minutes } = await preparedApplications(this.db, start.toISOString(), until, 5_000);
    const enough = count >= FIGURES_MINIMUM_SAMPLE;
    return {
      periodDays: FIGURES_PERIOD_DAYS,
      from: dayOf(start),
      to: dayOf(Date.parse(until) - DAY_MS),
      minimumSample: FIGURES_MINIMUM_SAMPLE,
      applicationsPrepared: enough ? count : null,
      medianMinutes: enough && minutes.length >= FIGURES_MINIMUM_SAMPLE ? median(minutes) : null,
    };
  }

  /** GET /api/subscription/plans: the packages at the current prices. */
  plans(): Promise<PlanDto[]> {
    return this.cached('plans', async () => {
      const [table, packages] = await Promise.all([this.priceTable(), listPlans(this.db)]);
      return plansOf({ ...table, packages });
    });
  }

  /** GET /api/prices: every product's price story, from the same map checkout charges by. */
  prices(): Promise<PriceListDto> {
    return this.cached('prices', async () => priceList(await this.priceTable()));
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
   * DS-160 from the Basic package, with the consular fee of the purpose's visa class), the same story the
   * checkout charges.
   */
  async eligibility(query: { country: string; purpose: Purpose; otherCountry?: string; visaType?: 'DS-160' }): Promise<Eligibility & { price: PriceDto | null }> {
    const country = findCountry(query.country);
    if (!country) throw badRequest('country', 'unknown country', 'querystring');
    const other = query.otherCountry === undefined ? undefined : findCountry(query.otherCountry);
    if (query.otherCountry !== undefined && !other) throw badRequest('otherCountry', 'unknown country', 'querystring');
    const table = await this.priceTable();
    const citizenship = favourableCitizenship(country.name, other?.name, query.purpose);
    const esta = priceOf('esta', table);
    const ds160 = priceOf('basic', table, 0, feeApplicantFor('DS-160', query.purpose));
    const fees = {
      estaGovernmentFee: esta.governmentFee / 100,
      ds160GovernmentFee: ds160.governmentFee / 100,
      estaServiceFee: esta.serviceFee / 100,
      ds160ServiceFee: ds160.serviceFee / 100,
    };
    const facts = eligibility(citizenship, query.purpose, fees, query.visaType);
    const price = facts.visaType === 'ESTA' ? esta : facts.visaType === 'DS-160' ? ds160 : null;
    return { ...facts, price };
  }
}
