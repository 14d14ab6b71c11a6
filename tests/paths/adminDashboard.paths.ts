import { expect } from 'vitest';
import type { AnyEventObject } from 'xstate';
import { adminDashboardCalls } from '../../client/api/actors/admin';
import { SHIPPED_SETTINGS } from '../fixtures/settings';
import { adminDashboardMachine, type AdminDashboardContext } from '../../machines/adminDashboard.machine';

// The rule as the oracle states it, not as the machine does: a failed lead load is tried again three times, 1.5,
// 3 and 6 s apart, then Retry is offered.
/** The dashboard's tabs (spec 1-core §2.10 with issues 44 and 45), as a person sees them, in order. */
const ADMIN_TABS = ['overview', 'traffic', 'leads', 'conversions', 'pricing', 'fees', 'branding', 'operators', 'audit', 'emails', 'account'] as const;

/** What the pricing form keeps of each price the paths type: whole dollars; what is no number is 0. */
const TYPED_PRICE: Record<string, number> = { '120': 120, abc: 0 };

/** The branding form's rule in the oracle's words: each name is required and at most 60 characters, spaces around aside. */
function brandingErrors(form: { brandName: string; chatAssistantName: string }) {
  const errors: Record<string, { key: string; params?: { max: number } }> = {};
  for (const field of ['brandName', 'chatAssistantName'] as const) {
    const name = form[field].trim();
    if (name === '') errors[field] = { key: 'validation.required' };
    else if ([...name].length > 60) errors[field] = { key: 'validation.admin.tooLong', params: { max: 60 } };
  }
  return errors;
}

const LEAD_RETRIES = 3;
const leadRetryDelay = (retry: number) => [1500, 3000, 6000][retry] as number;
import { PATHS_OWNER, resetOperator, signIn } from './operators';
import { effectsOf, lastCall, lastHeld, type PathModel, type Snap, type World } from './model';

// The admin dashboard (spec 1-core §2.10) against the real admin routes, signed in as the admin: the summary for
// a range, each tab's data, the filters, a lead's details (found, missing, failing and retried), and the
// pricing and branding forms saved to the server. A session that is not an admin sees the dashboard end.

const LEAD = '00000000-0000-4000-8000-0000000ad001';
const UNKNOWN = '00000000-0000-4000-8000-0000000ad0ff';
const RETRY = 'xstate.after.leadRetry.adminDashboard.active.details.open.retrying';

const context = (s: Snap) => s.context as AdminDashboardContext;
/** The last request for the leads table itself (not a lead's details). */
const lastTableCall = (world: World) => [...world.calls].reverse().find((c) => c.method === 'GET' && /^\/api\/admin\/leads(\?|$)/.test(c.path));
/** Enough older leads for a second page of the table. */
const OLDER = Array.from({ length: 55 }, (_, i) => `00000000-0000-4000-8000-0000000ae${String(i).padStart(3, '0')}`);
const inTab = (s: Snap, tab: string, state?: string) => s.matches({ active: { tab: state ? { [tab]: state } : tab } });

/** The admin signed in, one known lead, and the seeded prices and names (an earlier path may have changed them). */
async function signedInAdmin(world: World): Promise<void> {
  await world.app.db.deleteFrom('attempt_counters').where('counter', 'like', 'admin:%').execute();
  await world.app.site.setPricing(SHIPPED_SETTINGS.pricing);
  await world.app.site.setBranding(SHIPPED_SETTINGS.branding);
  await world.app.db.deleteFrom('leads').where('id', 'in', [LEAD, ...OLDER]).execute();
  const at = new Date().toISOString();
  const yesterday = new Date(Date.now() - 86_400_000).toISOString();
  await world.app.db
    .insertInto('leads')
    .values(OLDER.map((id, i) => ({ id, name: `Older ${i}`, email: `older.${i}@example.com`, phone: '', form_type: 'DS-160', nationality: 'Peru', travel_purpose: 'business', form_data: '{}', completion_status: 'completed' as const, payment_status: 'paid' as const, source: 'apply-wizard', subscription_plan: 'pro' as const, owner_token: 'path-owner', user_id: null, capture_key: null, created_at: yesterday, updated_at: yesterday })))
    .execute();
  await world.app.db
    .insertInto('leads')
    .values({ id: LEAD, name: 'Lucía Path', email: 'lucia.path@example.com', phone: '+52 55 1234 5678', form_type: 'ESTA', nationality: 'Mexico', travel_purpose: 'tourism', form_data: JSON.stringify({ email: 'lucia.path@example.com' }), completion_status: 'incomplete', payment_status: 'unpaid', source: 'ai-chat', subscription_plan: 'none', owner_token: 'path-owner', user_id: null, capture_key: null, created_at: at, updated_at: at })
    .execute();
  await resetOperator(world.app, PATHS_OWNER);
  await signIn(world, PATHS_OWNER);
}

/** A model's stand-in for what the server answers; the live actor gets the server's real answer. */
const OUTPUTS = {
  fetchAnalytics: { totalVisitors: 0 },
  fetchTraffic: { daily: [] },
  fetchConversions: { funnel: [] },
  fetchLeads: { leads: [], total: 60, page: 1, pageSize: 50 },
  fetchLead: { id: LEAD },
  fetchPricing: SHIPPED_SETTINGS.pricing,
  savePricing: SHIPPED_SETTINGS.pricing,
  fetchBranding: SHIPPED_SETTINGS.branding,
  saveBranding: SHIPPED_SETTINGS.branding,
} as const;

const done = (id: keyof typeof OUTPUTS): AnyEventObject => ({ type: `xstate.done.actor.${id}`, output: OUTPUTS[id] });
const lost = (id: string): AnyEventObject => ({ type: `xstate.error.actor.${id}`, error: 'network' });

/**
 * The admin's moves, one thing at a time: a call under way is answered (or lost) before anything else is done,
 * so the paths walk every transition without every interleaving of the three regions.
 */
function adminEvents(s: Snap): AnyEventObject[] {
  if (s.matches({ active: { details: { open: 'retrying' } } })) return [{ type: RETRY }];
  const c = context(s);
  if (s.matches({ active: { summary: 'loading' } })) return [done('fetchAnalytics'), lost('fetchAnalytics')];
  for (const [tab, id] of [['traffic', 'fetchTraffic'], ['conversions', 'fetchConversions'], ['leads', 'fetchLeads'], ['pricing', 'fetchPricing'], ['branding', 'fetchBranding']] as const) {
    if (inTab(s, tab, 'loading')) return [done(id), lost(id)];
  }
  if (inTab(s, 'pricing', 'saving')) return [done('savePricing'), lost('savePricing')];
  if (inTab(s, 'branding', 'saving')) return [done('saveBranding'), lost('saveBranding')];
  if (s.matches({ active: { details: { open: 'loading' } } })) {
    return [c.leadId === LEAD ? done('fetchLead') : { type: 'xstate.error.actor.fetchLead', error: { status: 404 }, sent: true }, lost('fetchLead')];
  }
  if (s.matches({ active: { details: { open: 'failed' } } })) return [{ type: 'LEAD.RETRY' }, { type: 'LEAD.CLOSE' }];
  if (s.matches({ active: { details: 'open' } })) return [{ type: 'LEAD.CLOSE' }];

  const moves: AnyEventObject[] = [];
  if (s.matches({ active: { summary: 'failed' } })) return [{ type: 'RETRY' }];
  if (c.timeRange === '7d' && (inTab(s, 'overview') || inTab(s, 'traffic', 'ready') || inTab(s, 'conversions', 'ready'))) {
    moves.push({ type: 'RANGE.CHANGE', range: '30d' }, { type: 'RANGE.CHANGE', range: '7d' });
  }
  if (inTab(s, 'overview')) moves.push(...ADMIN_TABS.filter((t) => t !== 'overview').map((tab) => ({ type: 'TAB', tab })));
  else moves.push({ type: 'TAB', tab: 'overview' });
  for (const tab of ['traffic', 'conversions', 'leads', 'pricing', 'branding']) if (inTab(s, tab, 'failed')) moves.push({ type: 'RETRY' });
  if (inTab(s, 'leads', 'ready')) {
    if (c.leadQuery.status === 'all') moves.push({ type: 'FILTER.STATUS', value: 'incomplete' });
    if (c.leadQuery.plan === 'all') moves.push({ type: 'FILTER.PLAN', value: 'pro' }, { type: 'FILTER.PLAN', value: 'all' });
    moves.push({ type: 'PAGE', page: 2 }, ...(c.leadQuery.page === 2 ? [{ type: 'PAGE', page: 1 }] : []), { type: 'LEAD.OPEN', id: LEAD }, { type: 'LEAD.OPEN', id: UNKNOWN });
  }
  if (inTab(s, 'pricing', 'editing')) {
    if (c.pricing?.ESTA === SHIPPED_SETTINGS.pricing.ESTA) moves.push({ type: 'PRICE.CHANGE', key: 'ESTA', value: '120' }, { type: 'PRICE.CHANGE', key: 'DS160_PRO', value: 'abc' });
    moves.push({ type: 'PRICING.SAVE' });
  }
  if (inTab(s, 'branding', 'editing')) {
    if (c.branding?.brandName === SHIPPED_SETTINGS.branding.brandName) moves.push({ type: 'BRANDING.CHANGE', field: 'brandName', value: '  Norte ' }, { type: 'BRANDING.CHANGE', field: 'brandName', value: ' ' });
    // A name refused for being blank, typed again.
    if (c.brandingErrors.brandName) moves.push({ type: 'BRANDING.CHANGE', field: 'brandName', value: 'Norte' });
    moves.push({ type: 'BRANDING.SAVE' });
  }
  return moves;
}

const refused = (id: string): AnyEventObject => ({ type: `xstate.error.actor.${id}`, error: { status: 401 }, sent: true });

const VIEWER = { username: 'paths-viewer', password: 'paths viewer password', role: 'viewer' as const, totp: false };
/** The tabs a viewer's role shows (the oracle's own statement of the access table for viewers). */
const VIEWER_TABS = ['overview', 'traffic', 'conversions', 'account'] as const;

/** A viewer moves between every tab, the ones their role does not show included, and changes the range. */
function viewerEvents(s: Snap): AnyEventObject[] {
  if (s.matches({ active: { summary: 'loading' } })) return [done('fetchAnalytics')];
  for (const [tab, id] of [['traffic', 'fetchTraffic'], ['conversions', 'fetchConversions']] as const) if (inTab(s, tab, 'loading')) return [done(id)];
  const moves: AnyEventObject[] = ADMIN_TABS.filter((tab) => !inTab(s, tab)).map((tab) => ({ type: 'TAB', tab }));
  if (context(s).timeRange === '7d') moves.push({ type: 'RANGE.CHANGE', range: '30d' });
  return moves;
}

/** A session that is not an admin (never signed in, or signed out elsewhere): any admin call's 401 ends the dashboard. */
function strangerEvents(s: Snap): AnyEventObject[] {
  const moves: AnyEventObject[] = [];
  if (s.matches({ active: { summary: 'loading' } })) moves.push(refused('fetchAnalytics'));
  if (inTab(s, 'overview')) moves.push(...ADMIN_TABS.filter((t) => t !== 'overview').map((tab) => ({ type: 'TAB', tab })));
  for (const [tab, id] of [['traffic', 'fetchTraffic'], ['conversions', 'fetchConversions'], ['leads', 'fetchLeads']] as const) if (inTab(s, tab, 'loading')) moves.push(refused(id));
  // Prices and names are public reads; saving them is what an outsider is refused.
  if (inTab(s, 'pricing', 'loading')) moves.push(done('fetchPricing'));
  if (inTab(s, 'branding', 'loading')) moves.push(done('fetchBranding'));
  if (inTab(s, 'pricing', 'editing')) moves.push({ type: 'PRICING.SAVE' });
  if (inTab(s, 'branding', 'editing')) moves.push({ type: 'BRANDING.SAVE' });
  if (inTab(s, 'pricing', 'saving')) moves.push(refused('savePricing'));
  if (inTab(s, 'branding', 'saving')) moves.push(refused('saveBranding'));
  if (s.matches({ active: { details: 'closed' } })) moves.push({ type: 'LEAD.OPEN', id: LEAD });
  if (s.matches({ active: { details: { open: 'loading' } } })) moves.push(refused('fetchLead'));
  return moves;
}

/** The events since the lead's details last started loading afresh (opened or retried by hand). */
function sinceLeadLoad(world: World): string[] {
  const types = world.events.map((e) => e.type);
  const start = Math.max(types.lastIndexOf('LEAD.OPEN'), types.lastIndexOf('LEAD.RETRY'));
  return types.slice(start + 1);
}

/** A toast the dashboard raised, in the oracle's words (the admin namespace's, spec 1-core §8); a failure is red. */
const notice = (title: string, description: string) => ({ type: 'toast', toast: { title: `admin:toast.${title}.title`, description: `admin:toast.${description}` } });
const failure = (title: string, description: string) => ({ type: 'toast', toast: { ...notice(title, description).toast, variant: 'destructive' } });
const GATE_HEARS_EXPIRED = { type: 'handOff', flow: 'adminGate', event: { type: 'EXPIRED' } };

export const adminDashboardPaths: PathModel = {
  machine: adminDashboardMachine,
  budget: 104,
  calls: adminDashboardCalls,
  abstraction: (s) => {
    const c = context(s);
    return { value: s.value, timeRange: c.timeRange, query: c.leadQuery, leadId: c.leadId, attempts: c.attempts, esta: c.pricing?.ESTA, brand: c.branding?.brandName, brandErrors: Object.keys(c.brandingErrors) };
  },
  cases: [
    { name: 'the signed-in admin', input: { tabs: ADMIN_TABS }, setup: async (w, i) => (await signedInAdmin(w), i), events: adminEvents },
    { name: 'a session that is not an admin', input: { tabs: ADMIN_TABS }, events: strangerEvents },
    // Issue 44: a viewer's dashboard shows the analytics tabs only; the others are asked for and never open.
    { name: 'a viewer', input: { tabs: VIEWER_TABS }, setup: async (w, i) => (await resetOperator(w.app, VIEWER), await signIn(w, VIEWER), i), events: viewerEvents },
  ],
  required: [
    // Retry after the fourth failure starts the count again: three more retries before Retry is offered again.
    { name: 'a lead that failed four times, then Retry, failing again', through: [(e) => e.type === 'LEAD.RETRY', (e) => e.type === 'xstate.error.actor.fetchLead', (e) => e.type === RETRY] },
    // The branding form refused, then read again from the server: the old messages go with the old values.
    {
      name: 'branding refused, then the tab opened again',
      through: [(e, before) => e.type === 'BRANDING.SAVE' && context(before).branding?.brandName.trim() === '', (e) => e.type === 'TAB', (e) => e.type === 'xstate.done.actor.fetchBranding'],
    },
    // The branding form refused, then corrected field by field: each change takes its own message away.
    {
      name: 'branding refused, then corrected',
      through: [(e, before) => e.type === 'BRANDING.SAVE' && context(before).branding?.brandName.trim() === '', (e, before) => e.type === 'BRANDING.CHANGE' && Object.keys(context(before).brandingErrors).length > 0],
    },
    { name: 'prices that could not be read, then Retry', through: [(e) => e.type === 'xstate.error.actor.fetchPricing', (e) => e.type === 'RETRY', (e) => e.type === 'xstate.done.actor.fetchPricing'] },
    { name: 'names that could not be read, then Retry', through: [(e) => e.type === 'xstate.error.actor.fetchBranding', (e) => e.type === 'RETRY', (e) => e.type === 'xstate.done.actor.fetchBranding'] },
    { name: 'a price typed, then saved', through: [(e) => e.type === 'PRICE.CHANGE' && e.value === '120', (e) => e.type === 'xstate.done.actor.savePricing'] },
  ],
  // Each retry waits twice the last, from the failure that started it.
  delayEndsAt: (world) => {
    const at = world.events.map((e) => e.type).lastIndexOf('xstate.error.actor.fetchLead');
    const failures = sinceLeadLoad(world).filter((t) => t === 'xstate.error.actor.fetchLead').length;
    return (world.times[at] ?? 0) + leadRetryDelay(failures - 1);
  },
  oracle: {
    initial: (s, world) => {
      expect(context(s).tabs).toEqual(world.input.tabs);
      expect(s.matches({ active: { summary: 'loading', tab: 'overview', details: 'closed' } })).toBe(true);
      expect(world.held.map((h) => [h.name, h.input])).toEqual([['fetchAnalytics', { timeRange: '7d' }]]);
    },
    step: ({ before, event, after, started, asked, world }) => {
      // A tab opens only when the role shows it; one it does not show leaves the open tab as it was.
      if (event.type === 'TAB') {
        const shown = (world.input.tabs as readonly string[]).includes(event.tab);
        expect(inTab(after, event.tab)).toBe(shown || inTab(before, event.tab));
        if (!shown) expect(started).toEqual([]);
      }
      // The viewer's session is refused every operation the table does not give viewers (checked on the server too).
      if (world.input.tabs === VIEWER_TABS && event.type === 'xstate.done.actor.fetchAnalytics') {
        expect(lastCall(world, 'GET', '/api/admin/analytics')?.status).toBe(200);
      }
      // A range change reloads the summary and the open tab's figures for the new range, and nothing else.
      if (event.type === 'RANGE.CHANGE') {
        const changes = event.range !== context(before).timeRange;
        const ranged = ['traffic', 'conversions'].filter((t) => inTab(before, t));
        expect(started.map((h) => [h.name, h.input])).toEqual(
          changes ? [['fetchAnalytics', { timeRange: event.range }], ...ranged.map((t) => [t === 'traffic' ? 'fetchTraffic' : 'fetchConversions', { timeRange: event.range }])] : [],
        );
      }
      // A filter starts again from the first page with the new filter.
      if ((event.type === 'FILTER.STATUS' || event.type === 'FILTER.PLAN') && inTab(before, 'leads', 'ready')) {
        const key = event.type === 'FILTER.STATUS' ? 'status' : 'plan';
        const changes = context(before).leadQuery[key] !== event.value;
        expect(started.map((h) => h.input)).toEqual(changes ? [{ ...context(before).leadQuery, [key]: event.value, page: 1 }] : []);
      }
      // Another page of the same filters, only one that exists.
      if (event.type === 'PAGE' && inTab(before, 'leads', 'ready')) {
        const leads = context(before).leads;
        const pages = leads ? Math.ceil(leads.total / leads.pageSize) : 1;
        const moves = event.page !== context(before).leadQuery.page && event.page >= 1 && event.page <= pages;
        expect(started.map((h) => h.input)).toEqual(moves ? [{ ...context(before).leadQuery, page: event.page }] : []);
      }
      // Retry asks again for what failed, and only that.
      if (event.type === 'RETRY') {
        const failed = [...(before.matches({ active: { summary: 'failed' } }) ? ['fetchAnalytics'] : []), ...[['traffic', 'fetchTraffic'], ['conversions', 'fetchConversions'], ['leads', 'fetchLeads'], ['pricing', 'fetchPricing'], ['branding', 'fetchBranding']].filter(([tab]) => inTab(before, tab as string, 'failed')).map(([, id]) => id)];
        expect(started.map((h) => h.name)).toEqual(failed);
      }
      // A lead opened is asked for by its id, from a fresh count of tries.
      if (event.type === 'LEAD.OPEN') {
        expect(started.map((h) => [h.name, h.input])).toEqual([['fetchLead', { id: event.id }]]);
        expect({ leadId: context(after).leadId, lead: context(after).lead, attempts: context(after).attempts }).toEqual({ leadId: event.id, lead: null, attempts: 0 });
      }
      if (event.type === 'LEAD.RETRY' && before.matches({ active: { details: { open: 'failed' } } })) {
        expect(started.map((h) => [h.name, h.input])).toEqual([['fetchLead', { id: context(before).leadId }]]);
        expect(context(after).attempts).toBe(0);
      }
      // A field typed takes away its own message, and only its own.
      if (event.type === 'BRANDING.CHANGE' && inTab(before, 'branding', 'editing')) {
        const { [event.field]: _gone, ...others } = context(before).brandingErrors as Record<string, unknown>;
        expect(context(after).brandingErrors).toEqual(others);
        expect(context(after).branding).toEqual({ ...context(before).branding, [event.field]: event.value });
      }
      if (event.type === 'PRICING.SAVE' && inTab(before, 'pricing', 'editing')) expect(started.map((h) => [h.name, h.input])).toEqual([['savePricing', { pricing: context(before).pricing }]]);
      // A save heard is said once, and every page is given what the server stored.
      if (event.type === 'xstate.done.actor.savePricing') expect(asked.map((a) => a.params)).toEqual([notice('pricingSaved', 'pricingSaved.description'), { type: 'pricesChanged' }]);
      if (event.type === 'xstate.done.actor.saveBranding') {
        const { brandName, chatAssistantName } = event.output as { brandName: string; chatAssistantName: string };
        expect(asked.map((a) => a.params)).toEqual([notice('brandingSaved', 'brandingSaved.description'), { type: 'brandingChanged', branding: { brandName, chatAssistantName } }]);
      }
      // What the dashboard says is said only for an answer it heard, and the gate hears of a lost session once.
      if (after.status === 'done') expect(asked.map((a) => a.params)).toEqual([GATE_HEARS_EXPIRED]);
      // A refused branding form moves focus to its first field with an error; no other press says anything.
      else if (event.type === 'BRANDING.SAVE' && inTab(before, 'branding', 'editing') && Object.keys(brandingErrors(context(before).branding as never)).length > 0) {
        expect(asked.map((a) => a.params)).toEqual([{ type: 'focusError', form: 'branding-form' }]);
      } else if (!event.type.startsWith('xstate.')) expect(asked).toEqual([]);
      if (event.type === 'PRICE.CHANGE' && inTab(before, 'pricing', 'editing')) {
        expect(context(after).pricing?.[event.key as 'ESTA']).toBe(TYPED_PRICE[event.value]);
      }
      if (event.type === 'BRANDING.SAVE' && inTab(before, 'branding', 'editing')) {
        const errors = brandingErrors(context(before).branding as never);
        const valid = Object.keys(errors).length === 0;
        expect(context(after).brandingErrors).toEqual(valid ? {} : errors);
        const b = context(before).branding as { brandName: string; chatAssistantName: string };
        expect(started.map((h) => h.input)).toEqual(valid ? [{ branding: { brandName: b.brandName.trim(), chatAssistantName: b.chatAssistantName.trim() } }] : []);
      }
      // Every failure to fetch is announced once, with the spec's words for what failed.
      if (/^xstate\.error\.actor\.fetch(Analytics|Leads|Traffic|Conversions)$/.test(event.type) && after.matches('active')) {
        const what = event.type.replace('xstate.error.actor.fetch', '').toLowerCase();
        expect(asked.map((a) => a.params)).toEqual([failure('fetchFailed', `fetchFailed.${what}`)]);
      }
      if (event.type === 'xstate.error.actor.savePricing' && after.matches('active')) expect(asked.map((a) => a.params)).toEqual([failure('pricingFailed', 'pricingFailed.description')]);
      if (event.type === 'xstate.error.actor.saveBranding' && after.matches('active')) expect(asked.map((a) => a.params)).toEqual([failure('brandingFailed', 'brandingFailed.description')]);
      // A lead is loaded at most four times in a row (the first try and three retries) before Retry is offered.
      if (event.type === RETRY) {
        expect(started.map((h) => [h.name, h.input])).toEqual([['fetchLead', { id: context(before).leadId }]]);
        expect(context(after).attempts).toBe(context(before).attempts + 1);
        expect(world.held.filter((h) => h.name === 'fetchLead').length).toBeLessThanOrEqual(world.events.filter((e) => e.type === 'LEAD.OPEN' || e.type === 'LEAD.RETRY').length * (LEAD_RETRIES + 1));
      }
    },
    states: {
      // While the server is asked the page shows a spinner; while settings are stored, that they are being saved.
      ...Object.fromEntries(
        ['active.summary.loading', 'active.tab.traffic.loading', 'active.tab.conversions.loading', 'active.tab.leads.loading', 'active.tab.pricing.loading', 'active.tab.branding.loading', 'active.details.open.loading', 'active.details.open.retrying'].map((state) => [
          state,
          (s: Snap) => expect(s.hasTag('loading'), state).toBe(true),
        ]),
      ),
      'active.tab.pricing.saving': (s, world) => {
        expect(s.hasTag('saving')).toBe(true);
        expect(lastHeld(world, 'savePricing')?.input).toEqual({ pricing: context(s).pricing });
      },
      'active.tab.branding.saving': (s) => expect(s.hasTag('saving')).toBe(true),
      // Settings that could not be read: the call was lost, and nothing was announced for it.
      'active.tab.pricing.failed': (_, world) => expect(lastHeld(world, 'fetchPricing')?.verdict).toBe('dropped'),
      'active.tab.branding.failed': (_, world) => expect(lastHeld(world, 'fetchBranding')?.verdict).toBe('dropped'),
      'active.summary.ready': (s, world) => {
        const answer = lastCall(world, 'GET', '/api/admin/analytics');
        expect(answer?.status).toBe(200);
        expect(answer?.path).toBe(`/api/admin/analytics?timeRange=${context(s).timeRange}`);
        expect(context(s).analytics).toEqual(answer?.response);
      },
      'active.summary.failed': (_, world) => expect(lastHeld(world, 'fetchAnalytics')?.verdict).toBe('dropped'),
      'active.tab.traffic.ready': (s, world) => {
        const answer = lastCall(world, 'GET', '/api/admin/traffic');
        expect(answer?.path).toBe(`/api/admin/traffic?timeRange=${context(s).timeRange}`);
        expect(context(s).traffic).toEqual(answer?.response);
        expect(context(s).traffic?.daily.length).toBe(context(s).timeRange === '30d' ? 30 : 7);
      },
      'active.tab.conversions.ready': (s, world) => {
        const answer = lastCall(world, 'GET', '/api/admin/conversions');
        expect(answer?.path).toBe(`/api/admin/conversions?timeRange=${context(s).timeRange}`);
        expect(context(s).conversions).toEqual(answer?.response);
        // Each stage's share of the visitors is worked out from these by the tab (tests/machines/admin.test.ts).
      },
      // The table is the server's answer to the filters shown, sent only when they are not 'all'.
      'active.tab.leads.ready': (s, world) => {
        const answer = lastTableCall(world);
        const { status, plan, page } = context(s).leadQuery;
        const query = new URLSearchParams({ ...(status === 'all' ? {} : { status }), ...(plan === 'all' ? {} : { plan }), ...(page > 1 ? { page: String(page) } : {}) }).toString();
        expect(answer?.path).toBe(`/api/admin/leads${query ? `?${query}` : ''}`);
        expect(context(s).leads).toEqual(answer?.response);
        const ids = context(s).leads?.leads.map((l) => l.id) ?? [];
        // The newest lead heads the first page whenever the filters let it through, and never shows otherwise.
        if (page === 1) expect(ids[0] === LEAD).toBe(plan === 'all' && (status === 'all' || status === 'incomplete'));
        else expect(ids).not.toContain(LEAD);
        expect(context(s).leads?.page).toBe(page);
        // The export link is made from these filters by the tab (tests/machines/admin.test.ts).
      },
      'active.tab.pricing.editing': async (s, world) => {
        if (world.events.at(-1)?.type === 'xstate.done.actor.fetchPricing') expect(context(s).pricing).toEqual(lastCall(world, 'GET', '/api/admin/pricing')?.response);
        // After a save the form holds what the server stored, and every page heard of it.
        if (world.events.at(-1)?.type === 'xstate.done.actor.savePricing') {
          const stored = JSON.parse((await world.http({ method: 'GET', path: '/api/admin/pricing' })).text);
          expect(context(s).pricing).toEqual(stored);
          expect(effectsOf(world, 'pricesChanged').length).toBeGreaterThan(0);
          expect(effectsOf(world, 'toast').filter((e) => e.params.toast.title === 'admin:toast.pricingSaved.title').length).toBeGreaterThan(0);
        }
      },
      'active.tab.branding.editing': async (s, world) => {
        // Read afresh from the server: its names, without the messages of values no longer shown.
        if (world.events.at(-1)?.type === 'xstate.done.actor.fetchBranding') {
          expect(context(s).branding).toEqual(JSON.parse((await world.http({ method: 'GET', path: '/api/admin/branding' })).text));
          expect(context(s).brandingErrors).toEqual({});
        }
        if (world.events.at(-1)?.type === 'xstate.done.actor.saveBranding') {
          const stored = JSON.parse((await world.http({ method: 'GET', path: '/api/admin/branding' })).text);
          expect(context(s).branding).toEqual(stored);
          expect(stored.brandName).toBe(stored.brandName.trim());
          expect(effectsOf(world, 'brandingChanged').at(-1)?.params).toEqual({ type: 'brandingChanged', branding: stored });
        }
      },
      'active.details.open.shown': (s, world) => {
        const answer = lastCall(world, 'GET', `/api/admin/leads/${LEAD}`);
        expect(answer?.status).toBe(200);
        expect(context(s).lead).toEqual(answer?.response);
        expect(context(s).lead).toMatchObject({ id: LEAD, name: 'Lucía Path', nationality: 'Mexico' });
      },
      // 'No lead data found': the server said there is no such lead, and it was not asked again.
      'active.details.open.missing': (_, world) => {
        expect(lastCall(world, 'GET', `/api/admin/leads/${UNKNOWN}`)?.status).toBe(404);
        expect(sinceLeadLoad(world).filter((t) => t.startsWith('xstate.error.actor.fetchLead'))).toHaveLength(1);
      },
      'active.details.open.failed': (s, world) => {
        expect(context(s).attempts).toBe(LEAD_RETRIES);
        expect(sinceLeadLoad(world).filter((t) => t === 'xstate.error.actor.fetchLead')).toHaveLength(LEAD_RETRIES + 1);
      },
      'active.details.closed': (s) => expect({ leadId: context(s).leadId, lead: context(s).lead }).toEqual({ leadId: null, lead: null }),
      // The dashboard ends only on the server's 401, whichever call heard it.
      expired: (s, world) => {
        expect(s.output).toEqual({ expired: true });
        expect(world.calls.at(-1)?.status).toBe(401);
        expect(world.calls.at(-1)?.path).toMatch(/^\/api\/admin\//);
        // The gate hears that the server no longer answers this session as an admin, and shows its sign-in again.
        expect(world.effects.at(-1)?.params).toEqual(GATE_HEARS_EXPIRED);
      },
    },
  },
};
