import { shallowEqual, useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import { LEAD_PLAN_FILTERS, LEAD_STATUS_FILTERS, leadsView } from '../../../machines/adminDashboard.view';
import type { AdminLeadRow, LeadPlanFilter, LeadStatusFilter } from '../../../openapi/schemas/admin';
import { useAnswerFormat } from '../../app/answerFormat';
import { useFormat } from '../../app/format';
import { useCountryName } from '../../components/countries';
import { Spinner } from '../../components/Spinner';
import { button, muted, stack } from '../../styles/ui.css';
import type { DashboardRef } from './AdminDashboard';
import * as css from './admin.css';
import { Failed, Pager } from './parts';

/** The lead badge of spec 1-core §4 (and the payment's), by status; an unknown one grey. */
export function StatusBadge({ kind, status }: { kind: 'completionStatus' | 'paymentStatus'; status: string }) {
  const { t } = useTranslation('admin');
  const variant = Object.hasOwn(css.statusBadge, status) ? (status as keyof typeof css.statusBadge) : 'other';
  return <span className={css.statusBadge[variant]}>{t(`leads.${kind}.${status}`, { defaultValue: status })}</span>;
}


/** Leads (spec 1-core §2.10): the status and plan filters, the table, and a page at a time. */
export function LeadsTab({ dashboard }: { dashboard: DashboardRef }) {
  const { t } = useTranslation('admin');
  const view = useSelector(dashboard, leadsView, shallowEqual);
  const { leads, query, loading, failed } = view;

  return (
    <div className={stack}>
      <div className={css.controls}>
        <div>
          <label htmlFor="lead-status" className={css.statLabel}>
            {t('leads.status')}
          </label>
          <select id="lead-status" className={css.select} value={query.status} onChange={(e) => dashboard.send({ type: 'FILTER.STATUS', value: e.target.value as LeadStatusFilter })} data-testid="lead-status">
            {LEAD_STATUS_FILTERS.map((s) => (
              <option key={s} value={s}>
                {t(`leads.statuses.${s}`)}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor="lead-plan" className={css.statLabel}>
            {t('leads.plan')}
          </label>
          <select id="lead-plan" className={css.select} value={query.plan} onChange={(e) => dashboard.send({ type: 'FILTER.PLAN', value: e.target.value as LeadPlanFilter })} data-testid="lead-plan">
            {LEAD_PLAN_FILTERS.map((p) => (
              <option key={p} value={p}>
                {t(`leads.plans.${p}`)}
              </option>
            ))}
          </select>
        </div>
        {leads && <p className={muted}>{t('leads.total', { count: leads.total })}</p>}
      </div>

      {failed ? (
        <Failed text={t('leads.failed')} onRetry={() => dashboard.send({ type: 'RETRY' })} />
      ) : !leads ? (
        <Spinner label={t('leads.loading')} />
      ) : leads.leads.length === 0 ? (
        <p className={muted}>{t('leads.none')}</p>
      ) : (
        <div className={css.tableWrap} aria-busy={loading}>
          <LeadTable rows={leads.leads} onView={(id) => dashboard.send({ type: 'LEAD.OPEN', id })} />
        </div>
      )}

      {view.paged && (
        <Pager view={view} t={t} words="leads" onPage={(page) => dashboard.send({ type: 'PAGE', page })} />
      )}
    </div>
  );
}

function LeadTable({ rows, onView }: { rows: AdminLeadRow[]; onView: (id: string) => void }) {
  const { t } = useTranslation('admin');
  const countryName = useCountryName();
  const format = useFormat();
  const answers = useAnswerFormat();
  // Name and Group tell a family's rows apart; View comes right after them so it is never off-screen (issue 45 item 11).
  const columns = ['name', 'group', 'actions', 'email', 'country', 'visaType', 'status', 'plan', 'progress', 'lastActive'] as const;
  return (
    <table className={css.table} data-testid="lead-table">
      <thead>
        <tr>
          {columns.map((c) => (
            <th key={c} scope="col">
              {t(`leads.columns.${c}`)}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map((lead) => (
          <tr key={lead.id} data-lead={lead.id}>
            <td>{lead.name || '—'}</td>
            <td>{lead.groupNumber ? t('leads.groupValue', { number: lead.groupNumber, role: t(`group:relationship.${lead.groupRole ?? 'groupMember'}`, { defaultValue: lead.groupRole ?? '' }) }) : '—'}</td>
            <td>
              <button type="button" className={button.ghost} onClick={() => onView(lead.id)} aria-label={t('leads.viewLead', { name: lead.name || lead.email })} data-testid="lead-view">
                {t('leads.view')}
              </button>
            </td>
            <td>{lead.email || '—'}</td>
            <td>{lead.country ? countryName(lead.country) : '—'}</td>
            <td>{answers.formType(lead.formType)}</td>
            <td>
              <StatusBadge kind="completionStatus" status={lead.completionStatus} /> <StatusBadge kind="paymentStatus" status={lead.paymentStatus} />
            </td>
            <td>{t(`leads.planNames.${lead.plan}`, { defaultValue: lead.plan })}</td>
            <td>
              <span className={css.progress}>
                <progress max={100} value={lead.progress} aria-label={format.percent(lead.progress)} />
                {format.percent(lead.progress)}
              </span>
            </td>
            <td>{format.dateTime(lead.lastActive)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
