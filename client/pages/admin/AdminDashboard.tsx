import { shallowEqual, useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import { adminDashboardFlow, dashboardView, TIME_RANGES, type AdminTab, type DashboardRef } from '../../../machines/adminDashboard.view';
import { governmentFeesFlow, type GovernmentFeesRef } from '../../../machines/governmentFees.view';
import type { TimeRange } from '../../../openapi/schemas/admin';
import { useFormat } from '../../app/format';
import { useMoney } from '../../app/money';
import { useFlow } from '../../app/useFlow';
import { useTabKeys } from '../../app/useTabKeys';
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
import { StaffEmailForm } from './StaffEmailForm';
import type { StaffRole } from '../../../openapi/schemas/operators';

export type { DashboardRef };

interface Props {
  username: string;
  role: StaffRole | null;
  /** The tabs the role shows, from what the server says it may call (issue 44). */
  tabs: readonly AdminTab[];
  /** The role may download the leads as CSV. */
  canExport: boolean;
  canEnrol: boolean;
  onEnrol: () => void;
  onSignOut: () => void;
}


/**
 * The dashboard (spec 1-core §2.10). The government fees' machine runs only for a role that may read them: a
 * viewer's page asks the server for nothing it would refuse (issue 44).
 */
export function AdminDashboard(props: Props) {
  return props.tabs.includes('fees') ? <WithFees {...props} /> : <Dashboard {...props} fees={null} />;
}

function WithFees(props: Props) {
  const fees = useFlow(governmentFeesFlow);
  return <Dashboard {...props} fees={fees} />;
}

/** Range, export, the four cards, the tabs the role may see, and the lead dialog. */
function Dashboard({ username, role, tabs, canExport, canEnrol, onEnrol, onSignOut, fees }: Props & { fees: GovernmentFeesRef | null }) {
  const { t } = useTranslation(['admin', 'catalog', 'ds160form', 'operators']);
  const money = useMoney();
  const format = useFormat();
  const ref = useFlow(adminDashboardFlow, { tabs });
  const { timeRange, analytics, summaryLoading, summaryFailed, tab, exportHref } = useSelector(ref, dashboardView, shallowEqual);

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
          {canExport && (
            <a className={button.secondary} href={exportHref} download data-testid="admin-export">
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
        {tab === 'operators' && <OperatorsTab />}
        {tab === 'audit' && <AuditTab />}
        {tab === 'emails' && <EmailsTab />}
        {tab === 'account' && <StaffEmailForm operatorId={null} />}
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
