import { useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import { ADMIN_TABS, adminDashboardMachine, exportQuery, type AdminTab } from '../../../machines/adminDashboard.machine';
import { governmentFeesMachine } from '../../../machines/governmentFees.machine';
import { adminLeadsExport } from '../../../openapi/routes/admin';
import { TIME_RANGES, type TimeRange } from '../../../openapi/schemas/admin';
import { errorKey, type ErrorCode } from '../../../machines/domain/errorCodes';
import { makeAdminDashboardActors } from '../../api/actors/admin';
import { makeGovernmentFeesActors } from '../../api/actors/governmentFees';
import { fetchTransport } from '../../api/transport';
import { useFormat } from '../../app/format';
import { useMoney } from '../../app/money';
import { refreshPrices, updateSiteData } from '../../app/siteData';
import { useTabKeys } from '../../app/useTabKeys';
import type { ToastActor } from '../../app/toasts';
import { Spinner } from '../../components/Spinner';
import { button, card, container, heading, muted, page } from '../../styles/ui.css';
import * as css from './admin.css';
import { ConversionsTab } from './ConversionsTab';
import { FeesReminder, FeesTab } from './FeesTab';
import { LeadDetails } from './LeadDetails';
import { LeadsTab } from './LeadsTab';
import { OverviewTab } from './OverviewTab';
import { BrandingTab, PricingTab } from './SettingsTabs';
import { TrafficTab } from './TrafficTab';
import { OperatorsTab } from './OperatorsTab';
import { AuditTab } from './AuditTab';
import { EmailsTab } from './EmailsTab';
import { useAdminActor } from './useAdminActor';
import { mayCall } from '../../../machines/adminGate.view';
import type { AdminStatusDto } from '../../../openapi/schemas/admin';
import type { StaffRole } from '../../../openapi/schemas/operators';

const withActors = adminDashboardMachine.provide({ actors: makeAdminDashboardActors(fetchTransport) });

/** The toasts the admin's machines raise: a notice, and a refusal worded by its code when the interface has one. */
function announcers(toasts: ToastActor) {
  const show = (title: string, description: string, variant?: 'destructive') =>
    toasts.send({ type: 'TOAST.SHOW', toast: { title, description, ...(variant ? { variant } : {}) } });
  const failed = (title: string, description: string) => (_: unknown, { code }: { code: ErrorCode | undefined }) =>
    toasts.send({ type: 'TOAST.SHOW', toast: { title, description: errorKey(code) ?? description, variant: 'destructive' } });
  return { show, failed };
}

function withEffects(toasts: ToastActor) {
  const { show, failed } = announcers(toasts);
  return withActors.provide({
    actions: {
      announceFetchFailed: (_, { what }) => show('admin:toast.fetchFailed.title', `admin:toast.fetchFailed.${what}`, 'destructive'),
      announcePricingSaved: () => show('admin:toast.pricingSaved.title', 'admin:toast.pricingSaved.description'),
      announcePricingFailed: failed('admin:toast.pricingFailed.title', 'admin:toast.pricingFailed.description'),
      announceBrandingSaved: () => show('admin:toast.brandingSaved.title', 'admin:toast.brandingSaved.description'),
      announceBrandingFailed: failed('admin:toast.brandingFailed.title', 'admin:toast.brandingFailed.description'),
      // Every price is worked out by the server from the map: ask it again rather than work them out here.
      pricingChanged: () => refreshPrices(),
      brandingChanged: (_, { branding }) => updateSiteData({ branding }),
    },
  });
}

const feesWithActors = governmentFeesMachine.provide({ actors: makeGovernmentFeesActors(fetchTransport) });

function feesWithEffects(toasts: ToastActor) {
  const { show, failed } = announcers(toasts);
  return feesWithActors.provide({
    actions: {
      announceScheduled: () => show('admin:toast.feeScheduled.title', 'admin:toast.feeScheduled.description'),
      announceScheduleFailed: failed('admin:toast.feeScheduleFailed.title', 'admin:toast.feeScheduleFailed.description'),
      announceChecked: () => show('admin:toast.feeChecked.title', 'admin:toast.feeChecked.description'),
      announceCheckFailed: failed('admin:toast.feeCheckFailed.title', 'admin:toast.feeCheckFailed.description'),
    },
  });
}

export type DashboardRef = ReturnType<typeof useDashboard>;

const useDashboard = (onExpired: () => void, tabs: readonly AdminTab[]) => useAdminActor(withEffects, onExpired, { tabs });
/** The government fees (issue 44), beside the dashboard for as long as it shows: its reminder is on every tab. */
const useGovernmentFees = (onExpired: () => void) => useAdminActor(feesWithEffects, onExpired);

interface Props {
  username: string;
  role: StaffRole | null;
  /** The tabs the role shows, from what the server says it may call (issue 44). */
  tabs: readonly AdminTab[];
  session: AdminStatusDto | null;
  canEnrol: boolean;
  onEnrol: () => void;
  onSignOut: () => void;
  onExpired: () => void;
}

type Fees = ReturnType<typeof useGovernmentFees>;

/**
 * The dashboard (spec 1-core §2.10). The government fees' machine runs only for a role that may read them: a
 * viewer's page asks the server for nothing it would refuse (issue 44).
 */
export function AdminDashboard(props: Props) {
  return props.tabs.includes('fees') ? <WithFees {...props} /> : <Dashboard {...props} fees={null} />;
}

function WithFees(props: Props) {
  const fees = useGovernmentFees(props.onExpired);
  return <Dashboard {...props} fees={fees} />;
}

/** Range, export, the four cards, the tabs the role may see, and the lead dialog. */
function Dashboard({ username, role, tabs, session, canEnrol, onEnrol, onSignOut, onExpired, fees }: Props & { fees: Fees | null }) {
  const { t } = useTranslation(['admin', 'catalog', 'ds160form', 'operators']);
  const money = useMoney();
  const format = useFormat();
  const ref = useDashboard(onExpired, tabs);

  const timeRange = useSelector(ref, (s) => s.context.timeRange);
  const analytics = useSelector(ref, (s) => s.context.analytics);
  const summaryLoading = useSelector(ref, (s) => s.matches({ active: { summary: 'loading' } }));
  const summaryFailed = useSelector(ref, (s) => s.matches({ active: { summary: 'failed' } }));
  const tab = useSelector(ref, (s) => ADMIN_TABS.find((name) => s.matches({ active: { tab: name } })) ?? 'overview');
  const leadQuery = useSelector(ref, (s) => s.context.leadQuery);

  const select = (next: AdminTab) => ref.send({ type: 'TAB', tab: next });
  const tabKeys = useTabKeys(tabs, tab, select);

  if (!analytics && summaryLoading) return <Spinner label={t('dashboard.loading')} />;

  return (
    <div className={`${container} ${page}`}>
      <div className={css.head}>
        <div>
          <h1 className={heading.page}>{t('dashboard.title')}</h1>
          <p className={muted}>
            {t('dashboard.signedInAs', { username })}
            {role && <> · {t('operators:dashboard.role', { role: t(`operators:roles.${role}`) })}</>}
          </p>
        </div>
        <div className={css.controls}>
          <div>
            <label htmlFor="admin-range" className={css.statLabel}>
              {t('dashboard.range')}
            </label>
            <select id="admin-range" className={css.select} value={timeRange} onChange={(e) => ref.send({ type: 'RANGE.CHANGE', range: e.target.value as TimeRange })} data-testid="admin-range">
              {TIME_RANGES.map((range) => (
                <option key={range} value={range}>
                  {t(`dashboard.ranges.${range}`)}
                </option>
              ))}
            </select>
          </div>
          {/* A plain link: the browser downloads the CSV the server streams, with the table's filters. */}
          {mayCall(session, adminLeadsExport) && (
            <a className={button.secondary} href={`${adminLeadsExport.url}${exportQuery(leadQuery)}`} download data-testid="admin-export">
              {t('dashboard.export')}
            </a>
          )}
          {canEnrol && (
            <button type="button" className={button.secondary} onClick={onEnrol} data-testid="admin-enrol">
              {t('operators:dashboard.enrol')}
            </button>
          )}
          <button type="button" className={button.ghost} onClick={onSignOut}>
            {t('dashboard.signOut')}
          </button>
        </div>
      </div>

      {summaryFailed && (
        <div className={`${card} ${css.head}`} role="alert">
          <p>{t('toast.fetchFailed.analytics')}</p>
          <button type="button" className={button.secondary} onClick={() => ref.send({ type: 'RETRY' })}>
            {t('dashboard.retry')}
          </button>
        </div>
      )}

      {fees && <FeesReminder fees={fees} onOpen={() => select('fees')} />}

      {analytics && (
        <div className={css.cards} aria-busy={summaryLoading}>
          <Stat label={t('cards.visitors')} value={format.number(analytics.totalVisitors)} testId="card-visitors" />
          <Stat label={t('cards.leads')} value={format.number(analytics.totalLeads)} hint={t('cards.conversion', { rate: format.percent(analytics.conversionRate) })} testId="card-leads" />
          <Stat label={t('cards.revenue')} value={money(analytics.revenue)} hint={t('cards.paidOrders', { count: analytics.conversions })} testId="card-revenue" />
          <Stat label={t('cards.completion')} value={format.percent(analytics.completionRate)} hint={t('cards.completionHint')} testId="card-completion" />
        </div>
      )}

      <div role="tablist" aria-label={t('dashboard.tabs')} className={css.tabList}>
        {tabs.map((name) => (
          <button
            key={name}
            ref={tabKeys.refOf(name)}
            type="button"
            role="tab"
            id={`admin-tab-${name}`}
            data-testid={`admin-tab-${name}`}
            aria-selected={tab === name}
            aria-controls="admin-panel"
            tabIndex={tab === name ? 0 : -1}
            className={css.tab}
            onClick={() => select(name)}
            onKeyDown={tabKeys.onKeyDown}
          >
            {t(`tabs.${name}`)}
          </button>
        ))}
      </div>

      <div role="tabpanel" id="admin-panel" aria-labelledby={`admin-tab-${tab}`} tabIndex={0}>
        {tab === 'overview' && <OverviewTab analytics={analytics} />}
        {tab === 'traffic' && <TrafficTab dashboard={ref} />}
        {tab === 'leads' && <LeadsTab dashboard={ref} />}
        {tab === 'conversions' && <ConversionsTab dashboard={ref} />}
        {tab === 'pricing' && <PricingTab dashboard={ref} />}
        {tab === 'fees' && fees && <FeesTab fees={fees} />}
        {tab === 'branding' && <BrandingTab dashboard={ref} />}
        {tab === 'operators' && <OperatorsTab onExpired={onExpired} />}
        {tab === 'audit' && <AuditTab onExpired={onExpired} />}
        {tab === 'emails' && <EmailsTab onExpired={onExpired} />}
      </div>

      <LeadDetails dashboard={ref} />
    </div>
  );
}

function Stat({ label, value, hint, testId }: { label: string; value: string; hint?: string; testId: string }) {
  return (
    <section className={card} data-testid={testId}>
      <h2 className={css.statLabel}>{label}</h2>
      <p className={css.statValue}>{value}</p>
      {hint && <p className={css.statHint}>{hint}</p>}
    </section>
  );
}
