import { useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import { MAIL_STATES, emailLogFlow, emailLogView, type MailState } from '../../../machines/emailLog.view';
import { useFormat } from '../../app/format';
import { useFlow } from '../../app/useFlow';
import { Spinner } from '../../components/Spinner';
import { button, card, heading, label, muted, notice, row, stack } from '../../styles/ui.css';
import * as css from './admin.css';
import { Failed, Pager } from './parts';

/**
 * The e-mails tab (issue 43): where messages go, the messages by state with the mail server's last answer, and a
 * resend for a failed one. Operators and owners (openapi/adminAccess.ts).
 */
export function EmailsTab() {
  const { t } = useTranslation('maillink');
  const format = useFormat();
  const ref = useFlow(emailLogFlow);
  const view = useSelector(ref, emailLogView, (a, b) => JSON.stringify(a) === JSON.stringify(b));

  if (view.failed) return <Failed text={t('admin.failed')} onRetry={() => ref.send({ type: 'RETRY' })} />;
  return (
    <section className={`${card} ${stack}`} aria-labelledby="emails-title" aria-busy={view.loading}>
      <div>
        <h2 id="emails-title" className={heading.section}>
          {t('admin.title')}
        </h2>
        {view.transport && (
          <p className={muted} data-testid="emails-transport">
            {t(`admin.transport.${view.transport.kind}`, { where: view.transport.describe })}
          </p>
        )}
      </div>
      {view.transport?.warning && (
        <p className={notice.warning} role="alert" data-testid="emails-warning">
          {t('admin.noSmtp')}
        </p>
      )}
      <div>
        <label htmlFor="emails-state" className={label}>
          {t('admin.state')}
        </label>
        <select id="emails-state" className={css.select} value={view.state} onChange={(e) => ref.send({ type: 'FILTER', state: e.target.value as MailState | '' })}>
          <option value="">{t('admin.anyState')}</option>
          {MAIL_STATES.map((state) => (
            <option key={state} value={state}>
              {t(`admin.states.${state}`)}
              {view.counts ? ` (${format.number(view.counts[state])})` : ''}
            </option>
          ))}
        </select>
      </div>
      {view.loading && view.emails.length === 0 ? (
        <Spinner label={t('admin.loading')} />
      ) : view.emails.length === 0 ? (
        <p>{t('admin.empty')}</p>
      ) : (
        <>
          {/* Wider than a phone: the region scrolls, so a keyboard must reach it. */}
          <div className={css.tableWrap} tabIndex={0} role="region" aria-labelledby="emails-title">
            <table className={css.table} data-testid="emails-table">
              <thead>
                <tr>
                  {(['created', 'to', 'kind', 'state', 'attempts', 'answer', 'action'] as const).map((c) => (
                    <th key={c} scope="col">
                      {t(`admin.columns.${c}`)}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {view.emails.map((email) => (
                  <tr key={email.id} data-testid={`email-${email.id}`}>
                    <td>{format.dateTime(email.createdAt)}</td>
                    <td>{email.recipient}</td>
                    <td>{email.subject ?? t(`admin.kinds.${email.kind}`)}</td>
                    <td>{t(`admin.states.${email.state}`)}</td>
                    <td>{format.number(email.attempts)}</td>
                    <td>{email.smtpResponse ?? email.lastError ?? ''}</td>
                    <td>
                      {email.resendable && (
                        <button type="button" className={button.secondary} data-testid="email-resend" onClick={() => ref.send({ type: 'RESEND', emailId: email.id })}>
                          {email.resending ? t('admin.resending') : t('admin.resend')}
                        </button>
                      )}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <Pager view={view} t={t} words="admin" onPage={(page) => ref.send({ type: 'PAGE', page })} />
        </>
      )}
    </section>
  );
}
