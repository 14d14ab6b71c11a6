import { useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import { AUDIT_ACTIONS, auditLogFlow, auditLogView, type AuditFilters } from '../../../machines/auditLog.view';
import { useFormat } from '../../app/format';
import { useFlow } from '../../app/useFlow';
import { Spinner } from '../../components/Spinner';
import { button, card, heading, input, label, muted, row, stack } from '../../styles/ui.css';
import * as css from './admin.css';
import { Failed, Pager } from './parts';

/** The owners' audit log (issue 44): who viewed, exported or changed what, filtered, newest first. */
export function AuditTab() {
  const { t } = useTranslation('operators');
  const format = useFormat();
  const ref = useFlow(auditLogFlow);
  const view = useSelector(ref, auditLogView, (a, b) => JSON.stringify(a) === JSON.stringify(b));

  const change = (field: keyof AuditFilters) => (e: { target: { value: string } }) => ref.send({ type: 'FILTER.CHANGE', field, value: e.target.value });
  if (view.failed) return <Failed text={t('audit.failed')} onRetry={() => ref.send({ type: 'RETRY' })} />;
  return (
    <section className={`${card} ${stack}`} aria-labelledby="audit-title" aria-busy={view.loading}>
      <div>
        <h2 id="audit-title" className={heading.section}>
          {t('audit.title')}
        </h2>
        <p className={muted}>{t('audit.lead')}</p>
      </div>
      <form
        className={css.form}
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          ref.send({ type: 'APPLY' });
        }}
      >
        <div>
          <label htmlFor="audit-action" className={label}>
            {t('audit.action')}
          </label>
          <select id="audit-action" className={css.select} value={view.filters.action} onChange={change('action')}>
            <option value="">{t('audit.anyAction')}</option>
            {AUDIT_ACTIONS.map((action) => (
              <option key={action} value={action}>
                {t(`audit.actions.${action}`)}
              </option>
            ))}
          </select>
        </div>
        {(['actor', 'target'] as const).map((field) => (
          <div key={field}>
            <label htmlFor={`audit-${field}`} className={label}>
              {t(`audit.${field}`)}
            </label>
            <input id={`audit-${field}`} className={input} type="text" value={view.filters[field]} onChange={change(field)} />
          </div>
        ))}
        {(['from', 'to'] as const).map((field) => (
          <div key={field}>
            <label htmlFor={`audit-${field}`} className={label}>
              {t(`audit.${field}`)}
            </label>
            <input id={`audit-${field}`} className={input} type="date" value={view.filters[field]} onChange={change(field)} />
          </div>
        ))}
        <span className={row}>
          <button type="submit" className={button.primary} data-testid="audit-apply">
            {t('audit.apply')}
          </button>
          <button type="button" className={button.ghost} onClick={() => ref.send({ type: 'CLEAR' })}>
            {t('audit.clear')}
          </button>
        </span>
      </form>
      {view.loading && view.entries.length === 0 ? (
        <Spinner label={t('audit.loading')} />
      ) : view.entries.length === 0 ? (
        <p>{t('audit.empty')}</p>
      ) : (
        <>
          <p className={muted}>{t('audit.total', { count: view.total })}</p>
          {/* Wider than a phone: the region scrolls, so a keyboard must reach it. */}
          <div className={css.tableWrap} tabIndex={0} role="region" aria-labelledby="audit-title">
            <table className={css.table} data-testid="audit-table">
              <thead>
                <tr>
                  {(['at', 'actor', 'action', 'target', 'detail', 'client'] as const).map((c) => (
                    <th key={c} scope="col">
                      {t(`audit.${c}`)}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {view.entries.map((entry) => (
                  <tr key={entry.id}>
                    <td>{format.dateTime(entry.at)}</td>
                    <td>{entry.actor}</td>
                    <td>{t(`audit.actions.${entry.action}`)}</td>
                    <td>{entry.target}</td>
                    <td>
                      {Object.entries(entry.detail)
                        .map(([key, value]) => `${key}: ${String(value)}`)
                        .join(', ')}
                    </td>
                    <td>{entry.client}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <Pager view={view} t={t} words="audit" onPage={(page) => ref.send({ type: 'PAGE', page })} />
        </>
      )}
    </section>
  );
}
