import { assign, emit, fromPromise, setup, type AnyEventObject } from 'xstate';
import { isOtherPage } from './domain/paging';
import type {
  AdminLeadDetailDto,
  AdminLeadsDto,
  AnalyticsDto,
  ConversionsDto,
  LeadPlanFilter,
  LeadStatusFilter,
  TimeRange,
  TrafficDto,
} from '../openapi/schemas/admin';
import type { BrandingDto } from '../openapi/schemas/branding';
import type { PricingDto } from '../openapi/schemas/pricing';
import { parsePrice, validateBranding, type BrandingForm } from './domain/adminForms';
import type { ValidationError } from './domain/validators';
import { errorKey, refusalOf, type ErrorCode } from './domain/errorCodes';
import { backToGate, failureToast, toast, type WorldEffect } from './effects';

export const ADMIN_TABS = ['overview', 'traffic', 'leads', 'conversions', 'pricing', 'fees', 'branding', 'operators', 'audit', 'emails', 'account'] as const;
export type AdminTab = (typeof ADMIN_TABS)[number];
export type PriceKey = keyof PricingDto;
/** Spec 1-core §9 "Lead detail retries 3 times": three more tries after the first, each wait twice the last. */
export const LEAD_RETRIES = 3;
export const LEAD_RETRY_BASE_MS = 1500;
export const leadRetryDelay = (attempts: number) => LEAD_RETRY_BASE_MS * 2 ** attempts;

export interface LeadQuery {
  status: LeadStatusFilter;
  plan: LeadPlanFilter;
  page: number;
}

export interface AdminDashboardInput {
  /** The tabs the operator's role shows (issue 44): a tab outside them is never opened. */
  tabs: readonly AdminTab[];
}

export interface AdminDashboardContext {
  tabs: readonly AdminTab[];
  timeRange: TimeRange;
  leadQuery: LeadQuery;
  analytics: AnalyticsDto | null;
  traffic: TrafficDto | null;
  conversions: ConversionsDto | null;
  leads: AdminLeadsDto | null;
  /** The Pricing tab's values as typed (each already a whole number, spec 1-core §5). */
  pricing: PricingDto | null;
  branding: BrandingForm | null;
  brandingErrors: Partial<Record<keyof BrandingForm, ValidationError>>;
  /** The lead whose details are open, and how many tries its load has had. */
  leadId: string | null;
  lead: AdminLeadDetailDto | null;
  attempts: number;
}

export type AdminDashboardEvent =
  | { type: 'RANGE.CHANGE'; range: TimeRange }
  | { type: 'TAB'; tab: AdminTab }
  | { type: 'FILTER.STATUS'; value: LeadStatusFilter }
  | { type: 'FILTER.PLAN'; value: LeadPlanFilter }
  | { type: 'PAGE'; page: number }
  | { type: 'RETRY' }
  | { type: 'LEAD.OPEN'; id: string }
  | { type: 'LEAD.CLOSE' }
  | { type: 'LEAD.RETRY' }
  | { type: 'PRICE.CHANGE'; key: PriceKey; value: string }
  | { type: 'PRICING.SAVE' }
  | { type: 'BRANDING.CHANGE'; field: keyof BrandingForm; value: string }
  | { type: 'BRANDING.SAVE' };

export interface AdminDashboardOutput {
  /** The server stopped answering this session as an admin (signed out, idle): the gate shows its form. */
  expired: true;
}

/** The branding form's id on the page: a refused save moves focus to its first field with an error. */
export const BRANDING_FORM_ID = 'branding-form';

export type FetchFailure = 'analytics' | 'leads' | 'traffic' | 'conversions';

const statusOf = (error: unknown) => (error as { status?: unknown } | null)?.status;

const expired = { guard: 'unauthorized', target: '#adminDashboard.expired' } as const;

/**
 * The admin dashboard (spec 1-core §2.10): the summary cards for the time range, six tabs each loading its own
 * data, and the lead details dialog beside them. Three regions run side by side, so opening a lead never
 * throws away the table behind it and changing the range reloads only what shows it.
 */
const dashboardSetup = setup({
  types: { context: {} as AdminDashboardContext, events: {} as AdminDashboardEvent, input: {} as AdminDashboardInput, output: {} as AdminDashboardOutput, emitted: {} as WorldEffect },
  actors: {
    /** GET /api/admin/analytics; provided by the client. */
    fetchAnalytics: fromPromise<AnalyticsDto, { timeRange: TimeRange }>(async () => {
      throw new Error('fetchAnalytics is provided by the caller');
    }),
    /** GET /api/admin/traffic; provided by the client. */
    fetchTraffic: fromPromise<TrafficDto, { timeRange: TimeRange }>(async () => {
      throw new Error('fetchTraffic is provided by the caller');
    }),
    /** GET /api/admin/conversions; provided by the client. */
    fetchConversions: fromPromise<ConversionsDto, { timeRange: TimeRange }>(async () => {
      throw new Error('fetchConversions is provided by the caller');
    }),
    /** GET /api/admin/leads (filters sent only when not 'all'); provided by the client. */
    fetchLeads: fromPromise<AdminLeadsDto, LeadQuery>(async () => {
      throw new Error('fetchLeads is provided by the caller');
    }),
    /** GET /api/admin/leads/{id}; provided by the client. */
    fetchLead: fromPromise<AdminLeadDetailDto, { id: string }>(async () => {
      throw new Error('fetchLead is provided by the caller');
    }),
    /** GET /api/admin/pricing; provided by the client. */
    fetchPricing: fromPromise<PricingDto>(async () => {
      throw new Error('fetchPricing is provided by the caller');
    }),
    /** PUT /api/admin/pricing; provided by the client. */
    savePricing: fromPromise<PricingDto, { pricing: PricingDto }>(async () => {
      throw new Error('savePricing is provided by the caller');
    }),
    /** GET /api/admin/branding; provided by the client. */
    fetchBranding: fromPromise<BrandingDto>(async () => {
      throw new Error('fetchBranding is provided by the caller');
    }),
    /** PUT /api/admin/branding; provided by the client. */
    saveBranding: fromPromise<BrandingDto, { branding: BrandingDto }>(async () => {
      throw new Error('saveBranding is provided by the caller');
    }),
  },
  actions: {
    // Spec 1-core §8's toasts, as keys of the `admin` namespace; a refusal says the server's reason when it gave one.
    announceFetchFailed: emit((_, params: { what: FetchFailure }) => failureToast('admin:toast.fetchFailed.title', `admin:toast.fetchFailed.${params.what}`)),
    announcePricingSaved: emit(toast('admin:toast.pricingSaved.title', 'admin:toast.pricingSaved.description')),
    announcePricingFailed: emit((_, params: { code: ErrorCode | undefined }) => failureToast('admin:toast.pricingFailed.title', errorKey(params.code) ?? 'admin:toast.pricingFailed.description')),
    announceBrandingSaved: emit(toast('admin:toast.brandingSaved.title', 'admin:toast.brandingSaved.description')),
    announceBrandingFailed: emit((_, params: { code: ErrorCode | undefined }) => failureToast('admin:toast.brandingFailed.title', errorKey(params.code) ?? 'admin:toast.brandingFailed.description')),
    // Every page shows the new prices or names at once. Every price is worked out by the server from the map: the
    // app asks it again rather than work them out here.
    pricingChanged: emit({ type: 'pricesChanged' }),
    // A refused branding form moves focus to its first field with an error.
    focusError: emit({ type: 'focusError', form: BRANDING_FORM_ID }),
    brandingChanged: emit((_, params: { branding: BrandingDto }) => ({ type: 'brandingChanged', branding: { brandName: params.branding.brandName, chatAssistantName: params.branding.chatAssistantName } })),
  },
  delays: {
    leadRetry: ({ context }) => leadRetryDelay(context.attempts),
  },
  guards: {
    unauthorized: (_, params: { error: unknown }) => statusOf(params.error) === 401,
    notFound: (_, params: { error: unknown }) => statusOf(params.error) === 404,
    rangeChanges: ({ context, event }) => event.type === 'RANGE.CHANGE' && event.range !== context.timeRange,
    isTab: ({ context, event }, params: { tab: AdminTab }) => event.type === 'TAB' && event.tab === params.tab && context.tabs.includes(params.tab),
    statusChanges: ({ context, event }) => event.type === 'FILTER.STATUS' && event.value !== context.leadQuery.status,
    planChanges: ({ context, event }) => event.type === 'FILTER.PLAN' && event.value !== context.leadQuery.plan,
    pageExists: ({ context, event }) => event.type === 'PAGE' && isOtherPage(context.leads, context.leadQuery.page, event.page),
    mayRetry: ({ context }) => context.attempts < LEAD_RETRIES,
    // Only asked in `branding.editing`, which the loaded names enter.
    brandingValid: ({ context }) => Object.keys(validateBranding(context.branding as BrandingForm)).length === 0,
  },
});

/** A tab of figures for the time range (Traffic, Conversions): loaded when opened and again when the range changes. */
function rangedTab(src: 'fetchTraffic' | 'fetchConversions', key: 'traffic' | 'conversions') {
  return dashboardSetup.createStateConfig({
    initial: 'loading',
    on: { 'RANGE.CHANGE': { guard: 'rangeChanges', target: '.loading' } },
    states: {
      loading: {
        tags: ['loading'],
        invoke: {
          id: src,
          src,
          input: ({ context }) => ({ timeRange: context.timeRange }),
          // Either tab's answer, kept under its own key (the two answers' types differ; the key says which).
          onDone: { target: 'ready', actions: assign(({ event }: { event: AnyEventObject }) => ({ [key]: (event as { output?: unknown }).output })) },
          onError: [
            { ...expired, guard: { type: 'unauthorized', params: ({ event }) => ({ error: event.error }) } },
            { target: 'failed', actions: { type: 'announceFetchFailed', params: { what: key } } },
          ],
        },
      },
      ready: {},
      failed: { on: { RETRY: 'loading' } },
    },
  });
}

export const adminDashboardMachine = dashboardSetup.createMachine({
  id: 'adminDashboard',
  context: ({ input }) => ({
    tabs: input.tabs,
    timeRange: '7d',
    leadQuery: { status: 'all', plan: 'all', page: 1 },
    analytics: null,
    traffic: null,
    conversions: null,
    leads: null,
    pricing: null,
    branding: null,
    brandingErrors: {},
    leadId: null,
    lead: null,
    attempts: 0,
  }),
  initial: 'active',
  states: {
    active: {
      type: 'parallel',
      states: {
        summary: {
          initial: 'loading',
          on: {
            'RANGE.CHANGE': { guard: 'rangeChanges', target: '.loading', actions: assign({ timeRange: ({ event }) => event.range }) },
          },
          states: {
            loading: {
              tags: ['loading'],
              invoke: {
                id: 'fetchAnalytics',
                src: 'fetchAnalytics',
                input: ({ context }) => ({ timeRange: context.timeRange }),
                onDone: { target: 'ready', actions: assign({ analytics: ({ event }) => event.output }) },
                onError: [
                  { ...expired, guard: { type: 'unauthorized', params: ({ event }) => ({ error: event.error }) } },
                  { target: 'failed', actions: { type: 'announceFetchFailed', params: { what: 'analytics' } } },
                ],
              },
            },
            ready: {},
            failed: { on: { RETRY: 'loading' } },
          },
        },
        tab: {
          initial: 'overview',
          on: {
            TAB: ADMIN_TABS.map((tab) => ({ guard: { type: 'isTab' as const, params: { tab } }, target: `.${tab}` })),
          },
          states: {
            overview: {},
            // Each runs its own machine (operators, auditLog) in its panel.
            operators: {},
            audit: {},
            // The e-mails tab runs its own machine (emailLog) in its panel.
            emails: {},
            // One's own e-mail address (issue 43): the staffEmail machine in its panel.
            account: {},
            // The government fees tab shows the page's governmentFees machine, which runs for the whole dashboard.
            fees: {},
            // Loaded when the tab opens, and again when the time range changes.
            traffic: rangedTab('fetchTraffic', 'traffic'),
            conversions: rangedTab('fetchConversions', 'conversions'),
            leads: {
              initial: 'loading',
              on: {
                'FILTER.STATUS': {
                  guard: 'statusChanges',
                  target: '.loading',

                  actions: assign({ leadQuery: ({ context, event }) => ({ ...context.leadQuery, status: event.value, page: 1 }) }),
                },
                'FILTER.PLAN': {
                  guard: 'planChanges',
                  target: '.loading',

                  actions: assign({ leadQuery: ({ context, event }) => ({ ...context.leadQuery, plan: event.value, page: 1 }) }),
                },
                PAGE: { guard: 'pageExists', target: '.loading', actions: assign({ leadQuery: ({ context, event }) => ({ ...context.leadQuery, page: event.page }) }) },
              },
              states: {
                loading: {
                  tags: ['loading'],
                  invoke: {
                    id: 'fetchLeads',
                    src: 'fetchLeads',
                    input: ({ context }) => context.leadQuery,
                    onDone: { target: 'ready', actions: assign({ leads: ({ event }) => event.output }) },
                    onError: [
                      { ...expired, guard: { type: 'unauthorized', params: ({ event }) => ({ error: event.error }) } },
                      { target: 'failed', actions: { type: 'announceFetchFailed', params: { what: 'leads' } } },
                    ],
                  },
                },
                ready: {},
                failed: { on: { RETRY: 'loading' } },
              },
            },
            pricing: {
              initial: 'loading',
              states: {
                loading: {
                  tags: ['loading'],
                  invoke: {
                    id: 'fetchPricing',
                    src: 'fetchPricing',
                    onDone: { target: 'editing', actions: assign({ pricing: ({ event }) => event.output }) },
                    onError: 'failed',
                  },
                },
                failed: { on: { RETRY: 'loading' } },
                editing: {
                  on: {
                    'PRICE.CHANGE': { actions: assign({ pricing: ({ context, event }) => ({ ...(context.pricing as PricingDto), [event.key]: parsePrice(event.value) }) }) },
                    'PRICING.SAVE': 'saving',
                  },
                },
                saving: {
                  tags: ['saving'],
                  invoke: {
                    id: 'savePricing',
                    src: 'savePricing',
                    input: ({ context }) => ({ pricing: context.pricing as PricingDto }),
                    onDone: {
                      target: 'editing',
                      actions: [assign({ pricing: ({ event }) => event.output }), 'announcePricingSaved', { type: 'pricingChanged', params: ({ event }) => ({ pricing: event.output }) }],
                    },
                    onError: [
                      { ...expired, guard: { type: 'unauthorized', params: ({ event }) => ({ error: event.error }) } },
                      { target: 'editing', actions: { type: 'announcePricingFailed', params: ({ event }) => refusalOf(event.error) } },
                    ],
                  },
                },
              },
            },
            branding: {
              initial: 'loading',
              states: {
                loading: {
                  tags: ['loading'],
                  invoke: {
                    id: 'fetchBranding',
                    src: 'fetchBranding',
                    onDone: { target: 'editing', actions: assign({ branding: ({ event }) => event.output, brandingErrors: {} }) },
                    onError: 'failed',
                  },
                },
                failed: { on: { RETRY: 'loading' } },
                editing: {
                  on: {
                    'BRANDING.CHANGE': {
                      actions: assign(({ context, event }) => {
                        const { [event.field]: _cleared, ...brandingErrors } = context.brandingErrors;
                        return { branding: { ...(context.branding as BrandingForm), [event.field]: event.value }, brandingErrors };
                      }),
                    },
                    'BRANDING.SAVE': [
                      { guard: 'brandingValid', target: 'saving' },
                      { actions: [assign({ brandingErrors: ({ context }) => validateBranding(context.branding as BrandingForm) }), 'focusError'] },
                    ],
                  },
                },
                saving: {
                  tags: ['saving'],
                  invoke: {
                    id: 'saveBranding',
                    src: 'saveBranding',
                    input: ({ context }) => {
                      const b = context.branding as BrandingForm;
                      return { branding: { brandName: b.brandName.trim(), chatAssistantName: b.chatAssistantName.trim() } };
                    },
                    onDone: {
                      target: 'editing',
                      actions: [assign({ branding: ({ event }) => event.output }), 'announceBrandingSaved', { type: 'brandingChanged', params: ({ event }) => ({ branding: event.output }) }],
                    },
                    onError: [
                      { ...expired, guard: { type: 'unauthorized', params: ({ event }) => ({ error: event.error }) } },
                      { target: 'editing', actions: { type: 'announceBrandingFailed', params: ({ event }) => refusalOf(event.error) } },
                    ],
                  },
                },
              },
            },
          },
        },
        details: {
          initial: 'closed',
          on: {
            'LEAD.OPEN': { target: '.open', actions: assign({ leadId: ({ event }) => event.id, lead: null, attempts: 0 }) },
          },
          states: {
            closed: {},
            open: {
              initial: 'loading',
              on: { 'LEAD.CLOSE': { target: 'closed', actions: assign({ leadId: null, lead: null, attempts: 0 }) } },
              states: {
                loading: {
                  tags: ['loading'],
                  invoke: {
                    id: 'fetchLead',
                    src: 'fetchLead',
                    input: ({ context }) => ({ id: context.leadId as string }),
                    onDone: { target: 'shown', actions: assign({ lead: ({ event }) => event.output }) },
                    onError: [
                      { ...expired, guard: { type: 'unauthorized', params: ({ event }) => ({ error: event.error }) } },
                      // 'No lead data found' (spec 1-core §2.10): a missing lead is not worth retrying.
                      { guard: { type: 'notFound', params: ({ event }) => ({ error: event.error }) }, target: 'missing' },
                      { guard: 'mayRetry', target: 'retrying' },
                      { target: 'failed' },
                    ],
                  },
                },
                retrying: {
                  tags: ['loading'],
                  after: { leadRetry: { target: 'loading', actions: assign({ attempts: ({ context }) => context.attempts + 1 }) } },
                },
                shown: {},
                missing: {},
                failed: { on: { 'LEAD.RETRY': { target: 'loading', actions: assign({ attempts: 0 }) } } },
              },
            },
          },
        },
      },
    },
    // The server no longer answers this session as an admin: the gate shows its sign-in again.
    expired: { type: 'final', entry: emit(backToGate), output: { expired: true as const } },
  },
  output: ({ event }) => event.output as AdminDashboardOutput,
});

/** The export link's query: the table's filters, each only when it is not 'all' (spec 1-core §7). */
export function exportQuery(query: Pick<LeadQuery, 'status' | 'plan'>): string {
  const params = new URLSearchParams();
  if (query.status !== 'all') params.set('status', query.status);
  if (query.plan !== 'all') params.set('plan', query.plan);
  const qs = params.toString();
  return qs ? `?${qs}` : '';
}

/**
 * The conversions funnel as the tab shows it: each stage with its share of the visitors, in percent to one decimal
 * (spec 1-core §2.10); no share without visitors.
 */
export function funnelShares(conversions: ConversionsDto): Array<ConversionsDto['funnel'][number] & { share: number }> {
  const visitors = conversions.funnel.find((f) => f.stage === 'visitors')?.count ?? 0;
  return conversions.funnel.map((stage) => ({ ...stage, share: visitors > 0 ? Math.round((stage.count / visitors) * 1000) / 10 : 0 }));
}
