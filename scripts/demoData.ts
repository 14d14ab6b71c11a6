// Demo volumes for the admin area (issue 14): leads, their history, orders, visitors, page views and visits over
// the last 90 days, deterministic (a seeded generator), inserted in chunks inside transactions. Used by
// `npm run seed:demo` and by the admin rows of `npm run bench`.
import type { Db } from '../db/index';
import { SEEDED_FEES } from '../db/queries/governmentFees';
import type { CompletionStatus, LeadRow, OrderRow, PaymentStatus } from '../db/schema';
import { feesInForce, lineOf, totalOf, type FeeApplicant, type GovernmentFee } from '../machines/domain/governmentFees';
import { SPA_PATHS } from '../machines/domain/routes';

export interface DemoVolumes {
  leads: number;
  orders: number;
  pageViews: number;
}

export const FULL_VOLUMES: DemoVolumes = { leads: 100_000, orders: 10_000, pageViews: 1_000_000 };

const DAY_MS = 86_400_000;
const NATIONALITIES = ['Mexico', 'Colombia', 'Spain', 'Argentina', 'Peru', 'Venezuela', 'Chile', 'Brazil', 'France', 'Ecuador', 'Dominican Republic', 'Guatemala', 'Portugal', 'United States'];
const COUNTRY_CODES = ['MX', 'CO', 'ES', 'AR', 'PE', 'VE', 'CL', 'BR', 'FR', 'EC', 'DO', 'GT', 'US', null];
const SOURCES = ['apply-wizard', 'esta-wizard', 'ds160-wizard', 'wizard', 'ai-chat', 'aivisa'];
const PURPOSES = ['tourism', 'business', 'study', 'Tourism/Vacation'];
const FIRST = ['María', 'José', 'Lucía', 'Carlos', 'Ana', 'Jorge', 'Camila', 'Luis', 'Valentina', 'Diego', 'João', 'Chloé'];
const LAST = ['García', 'Rodríguez', 'López', 'Martínez', 'Pérez', 'Gómez', 'Silva', 'Fernández', 'Torres', 'Ramírez', 'Dubois'];
const PLAN_PRICE: Record<string, number> = { basic: 5000, pro: 10000, premium: 15000, esta: 7700 };

/** The seeded government fees of an order's day, as a real order keeps them. */
const SCHEDULE: GovernmentFee[] = SEEDED_FEES.map((fee, i) => ({ ...fee, id: `demo-${i}`, currency: 'USD', payer: 'applicant', lastCheckedAt: null }));
function demoGovernmentFees(applicant: FeeApplicant, day: string): Pick<OrderRow, 'government_fee_cents' | 'visa_class' | 'government_fees'> {
  const lines = feesInForce(SCHEDULE, day, applicant).map(lineOf);
  return { government_fee_cents: totalOf(lines), visa_class: applicant, government_fees: JSON.stringify(lines) };
}

/** mulberry32: small, fast and the same numbers on every run. */
function generator(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    int: (max: number) => Math.floor(next() * max),
    pick: <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)] as T,
    /** A uuid-shaped id from the generator, so reruns make the same rows. */
    id: () => {
      const hex = Array.from({ length: 32 }, () => Math.floor(next() * 16).toString(16)).join('');
      return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-a${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
    },
  };
}

/** Inserts rows a chunk at a time, each chunk its own statement, a transaction per 20 chunks. */
async function insertChunks<T extends Record<string, unknown>>(db: Db, table: string, rows: readonly T[], columns: number): Promise<void> {
  // SQLite binds at most 32,766 parameters a statement; PostgreSQL 65,535.
  const size = Math.floor(30_000 / columns);
  for (let start = 0; start < rows.length; start += size * 20) {
    await db.transaction().execute(async (trx) => {
      for (let i = start; i < Math.min(rows.length, start + size * 20); i += size) {
        await trx.insertInto(table as 'leads').values(rows.slice(i, i + size) as never).execute();
      }
    });
  }
}

export interface DemoResult {
  leads: number;
  history: number;
  orders: number;
  visitors: number;
  pageViews: number;
  visits: number;
}

/** Makes the demo data as of `now`, spread over the 90 days before it. */
export async function seedDemoData(db: Db, volumes: DemoVolumes, now: Date = new Date(), log: (line: string) => void = () => {}): Promise<DemoResult> {
  const rand = generator(20261124);
  const end = now.getTime();
  const start = end - 90 * DAY_MS;
  // More recent days a little busier, as a growing business is.
  const when = () => new Date(start + Math.sqrt(rand.next()) * (end - start)).toISOString();

  const leads: LeadRow[] = [];
  const history: Array<{ id: string; lead_id: string; status: string; action: string; created_at: string }> = [];
  for (let i = 0; i < volumes.leads; i += 1) {
    const created = when();
    const roll = rand.next();
    const completion: CompletionStatus = roll < 0.45 ? 'incomplete' : roll < 0.75 ? 'completed' : roll < 0.9 ? 'paid' : 'abandoned';
    const payment: PaymentStatus = completion === 'paid' ? 'paid' : rand.next() < 0.3 ? 'pending' : 'unpaid';
    const formType = rand.next() < 0.7 ? 'DS-160' : 'ESTA';
    const updated = new Date(Math.min(end, Date.parse(created) + rand.int(3 * DAY_MS))).toISOString();
    const first = rand.pick(FIRST);
    const last = rand.pick(LAST);
    const id = rand.id();
    leads.push({
      id,
      name: `${first} ${last}`,
      email: `${first.toLowerCase().normalize('NFD').replace(/[^a-z]/g, '')}.${last.toLowerCase().normalize('NFD').replace(/[^a-z]/g, '')}.${i}@example.com`,
      phone: `+52 55 ${String(1000 + rand.int(9000))} ${String(1000 + rand.int(9000))}`,
      form_type: formType,
      nationality: rand.pick(NATIONALITIES),
      travel_purpose: rand.pick(PURPOSES),
      form_data: JSON.stringify({ email: `demo${i}@example.com`, 'trip-purpose': 'tourism' }),
      completion_status: completion,
      payment_status: payment,
      source: formType === 'ESTA' ? 'esta-wizard' : rand.pick(SOURCES),
      subscription_plan: completion === 'paid' ? (formType === 'ESTA' ? 'basic' : rand.pick(['basic', 'pro', 'premium'] as const)) : 'none',
      owner_token: `demo-${i}`,
      user_id: null,
      capture_key: null,
      created_at: created,
      updated_at: updated,
    });
    history.push({ id: rand.id(), lead_id: id, status: 'incomplete', action: 'created', created_at: created });
    if (completion === 'completed' || completion === 'paid') history.push({ id: rand.id(), lead_id: id, status: 'completed', action: 'submitted', created_at: updated });
  }
  log(`leads: ${leads.length}, history: ${history.length}`);
  await insertChunks(db, 'leads', leads, 16);
  await insertChunks(db, 'application_history', history, 5);

  // Orders: paid ones for paid leads first, then declined attempts (a pending one would be reconciled at start-up).
  const paid = leads.filter((l) => l.completion_status === 'paid');
  const orders: OrderRow[] = [];
  for (let i = 0; i < volumes.orders; i += 1) {
    const lead = paid[i % Math.max(1, paid.length)] ?? leads[i % leads.length];
    if (!lead) break;
    const status = i < volumes.orders * 0.9 ? 'paid' : 'failed';
    const plan = lead.form_type === 'ESTA' ? 'esta' : lead.subscription_plan === 'none' ? 'basic' : lead.subscription_plan;
    const fee = PLAN_PRICE[plan] ?? 5000;
    orders.push({
      id: rand.id(),
      number: `RB-DEMO-${String(i + 1).padStart(6, '0')}`,
      owner_token: lead.owner_token,
      user_id: null,
      lead_id: lead.id,
      service: lead.form_type === 'ESTA' ? 'ESTA' : 'DS-160',
      plan: plan as OrderRow['plan'],
      service_fee_cents: fee,
      credit_cents: 0,
      processing_fee_cents: 299,
      total_cents: fee + 299,
      ...demoGovernmentFees(lead.form_type === 'ESTA' ? 'ESTA' : 'B', lead.updated_at.slice(0, 10)),
      status,
      card_brand: status === 'paid' ? 'visa' : null,
      card_last4: status === 'paid' ? '4242' : null,
      gateway_ref: status === 'paid' ? `demo_${i}` : null,
      failure: status === 'failed' ? 'card_declined' : null,
      access_code: null,
      created_at: lead.updated_at,
      updated_at: lead.updated_at,
      paid_at: status === 'paid' ? lead.updated_at : null,
      receipt_email: lead.email,
      settled_by: 'checkout',
      group_id: null,
      parent_order_id: null,
      language: null,
    });
  }
  log(`orders: ${orders.length}`);
  await insertChunks(db, 'orders', orders, 21);

  // Visitors, their days and their page views: each visitor comes back on a few days and sees a few pages.
  let views = 0;
  let visitorCount = 0;
  let visitCount = 0;
  const visitors: Array<{ id: string; country: string | null; language: string; first_seen_at: string; last_seen_at: string }> = [];
  let pageViews: Array<{ id: string; visitor_id: string; path: string; created_at: string }> = [];
  let visits: Array<{ day: string; visitor_id: string; views: number }> = [];
  const flush = async (force: boolean) => {
    if (pageViews.length >= 60_000 || (force && pageViews.length)) {
      await insertChunks(db, 'page_views', pageViews, 4);
      pageViews = [];
    }
    if (visits.length >= 60_000 || (force && visits.length)) {
      await insertChunks(db, 'visits', visits, 3);
      visits = [];
    }
  };
  while (views < volumes.pageViews) {
    const id = rand.id();
    const country = rand.pick(COUNTRY_CODES);
    const firstAt = Date.parse(when());
    const days = 1 + (rand.next() < 0.3 ? 1 + rand.int(3) : 0);
    let day = Math.floor(firstAt / DAY_MS);
    let lastAt = firstAt;
    for (let d = 0; d < days && views < volumes.pageViews; d += 1) {
      const count = Math.min(volumes.pageViews - views, 1 + rand.int(7));
      const base = d === 0 ? firstAt : day * DAY_MS + rand.int(DAY_MS);
      if (base > end) break;
      for (let v = 0; v < count; v += 1) {
        const atMs = Math.min(end, base + v * 40_000, (day + 1) * DAY_MS - 1);
        lastAt = Math.max(lastAt, atMs);
        pageViews.push({ id: rand.id(), visitor_id: id, path: rand.pick(SPA_PATHS), created_at: new Date(atMs).toISOString() });
      }
      visits.push({ day: new Date(day * DAY_MS).toISOString().slice(0, 10), visitor_id: id, views: count });
      views += count;
      visitCount += 1;
      day += 1 + rand.int(10);
    }
    visitors.push({ id, country, language: country === 'BR' ? 'pt-BR' : country === 'FR' ? 'fr-FR' : country === 'US' ? 'en-US' : 'es', first_seen_at: new Date(firstAt).toISOString(), last_seen_at: new Date(lastAt).toISOString() });
    visitorCount += 1;
    await flush(false);
  }
  await flush(true);
  await insertChunks(db, 'visitors', visitors, 5);
  log(`visitors: ${visitorCount}, page views: ${views}, visits: ${visitCount}`);
  return { leads: leads.length, history: history.length, orders: orders.length, visitors: visitorCount, pageViews: views, visits: visitCount };
}
