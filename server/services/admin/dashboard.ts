import {
  countNewVisitors,
  countPageViews,
  countVisitors,
  topCountries,
  visitShape,
  visitsPerDay,
} from '../../../db/queries/analytics';
import { completionMinutes, leadTotals, paidByPlan, payingApplicants, topNationalities } from '../../../db/queries/adminLeads';
import type { Executor } from '../../../db/index';
import { topCountryFlag } from '../../../machines/domain/visitorCountry';
import type { AnalyticsDto, ConversionsDto, TimeRange, TrafficDto } from '../../../openapi/schemas/admin';
import { daysOf, percent, windowOf } from './range';

const dollars = (cents: number) => Math.round(cents) / 100;

export function median(values: readonly number[]): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return Math.round((sorted.length % 2 ? (sorted[mid] as number) : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2) * 10) / 10;
}

/**
 * The admin dashboard's figures (spec 1-core §2.10, §3 "Dashboard statistics"), all computed in SQL from what
 * applicants did: page views, leads, paid orders. Nothing here is a fixed baseline.
 */
export class AdminDashboardService {
  constructor(
    private readonly db: Executor,
    private readonly now: () => Date = () => new Date(),
  ) {}

  async analytics(range: TimeRange): Promise<AnalyticsDto> {
    const w = windowOf(range, this.now());
    const [visitors, newUsers, leads, revenue, countries, nationalities] = await Promise.all([
      countVisitors(this.db, w),
      countNewVisitors(this.db, w),
      leadTotals(this.db, w.since),
      paidByPlan(this.db, w.since),
      topCountries(this.db, w, 10),
      topNationalities(this.db, w.since, 10),
    ]);
    const applications = leads.ds160 + leads.esta;
    return {
      timeRange: range,
      since: w.since,
      totalVisitors: visitors,
      newUsers,
      totalLeads: leads.leads,
      // A true share (issue 45 item 11): the leads of the range whose application is paid, of those leads; leads
      // divided by visitors read "250%" when one visitor made a family's four applications.
      conversionRate: percent(leads.paid, leads.leads),
      conversions: revenue.reduce((sum, r) => sum + r.orders, 0),
      revenue: dollars(revenue.reduce((sum, r) => sum + r.cents, 0)),
      completionRate: percent(leads.completed, leads.leads),
      topCountries: countries.map((c) => ({ code: c.code, flag: topCountryFlag(c.code), visitors: c.visitors, share: percent(c.visitors, visitors) })),
      topNationalities: nationalities,
      visaTypeDistribution: { ds160: percent(leads.ds160, applications), esta: percent(leads.esta, applications), total: applications },
    };
  }

  async traffic(range: TimeRange): Promise<TrafficDto> {
    const now = this.now();
    const w = windowOf(range, now);
    const [visitors, newUsers, pageViews, perDay] = await Promise.all([
      countVisitors(this.db, w),
      countNewVisitors(this.db, w),
      countPageViews(this.db, w),
      visitsPerDay(this.db, w),
    ]);
    const byDay = new Map(perDay.map((d) => [d.day, d]));
    return {
      totalVisitors: visitors,
      newUsers,
      newUserRate: percent(newUsers, visitors),
      pageViews,
      daily: daysOf(w, now).map((day) => ({ day, visitors: byDay.get(day)?.visitors ?? 0, pageViews: byDay.get(day)?.pageViews ?? 0 })),
    };
  }

  async conversions(range: TimeRange): Promise<ConversionsDto> {
    const w = windowOf(range, this.now());
    const [visitors, leads, revenue, paying, minutes, shape] = await Promise.all([
      countVisitors(this.db, w),
      leadTotals(this.db, w.since),
      paidByPlan(this.db, w.since),
      payingApplicants(this.db, w.since),
      completionMinutes(this.db, w.since, 5000),
      visitShape(this.db, w),
    ]);
    const byPlan = (plan: string) => dollars(revenue.find((r) => r.plan === plan)?.cents ?? 0);
    return {
      funnel: [
        { stage: 'visitors', count: visitors },
        { stage: 'started', count: leads.leads },
        { stage: 'completed', count: leads.completed },
        { stage: 'subscribed', count: paying },
      ],
      revenueByPlan: { basic: byPlan('basic'), pro: byPlan('pro'), premium: byPlan('premium'), esta: byPlan('esta') },
      metrics: {
        formCompletionMinutes: median(minutes),
        visitsPerVisitor: visitors > 0 ? Math.round((shape.visits / visitors) * 100) / 100 : null,
        bounceRate: shape.visits > 0 ? percent(shape.bounces, shape.visits) : null,
      },
    };
  }
}
