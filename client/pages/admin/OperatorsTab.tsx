import { useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import { operatorsFlow, operatorsView, STAFF_ROLES } from '../../../machines/operators.view';
import type { StaffRole } from '../../../openapi/schemas/operators';
import { useFormat } from '../../app/format';
import { useFlow } from '../../app/useFlow';
import { useValidationMessage } from '../../app/validationMessage';
import { Spinner } from '../../components/Spinner';
import { TextField } from '../../components/TextField';
import { button, card, errorText, heading, label, muted, stack } from '../../styles/ui.css';
import * as css from './admin.css';
import { Failed } from './parts';
import { StaffEmailForm } from './StaffEmailForm';

/** The owners' operators tab (issue 44): who may sign in, with which role; invitations; roles changed; disabled. */
export function OperatorsTab() {
  const { t } = useTranslation(['operators', 'admin']);
  const format = useFormat();
  const message = useValidationMessage();
  const ref = useFlow(operatorsFlow);
  const view = useSelector(ref, operatorsView, (a, b) => JSON.stringify(a) === JSON.stringify(b));

  if (view.failed) return <Failed text={t('operators.failed')} onRetry={() => ref.send({ type: 'RETRY' })} />;
  if (view.loading) return <Spinner label={t('operators.loading')} />;
  const columns = ['username', 'role', 'email', 'status', 'totp', 'created', 'actions'] as const;
  return (
    <div className={stack}>
      <section className={`${card} ${stack}`} aria-labelledby="operators-title">
        <div>
          <h2 id="operators-title" className={heading.section}>
            {t('operators.title')}
          </h2>
          <p className={muted}>{t('operators.lead')}</p>
        </div>
        {view.invitation && (
          <div className={stack} role="status" data-testid="operator-invitation">
            <h3 className={heading.section}>{t('operators.invitationTitle', { username: view.invitation.username })}</h3>
            <p>{t('operators.invitationLead', { date: format.dateTime(view.invitation.expiresAt) })}</p>
            <code className={css.secret} data-testid="operator-invitation-link">{`${window.location.origin}${view.invitation.path}`}</code>
            <button type="button" className={button.secondary} onClick={() => ref.send({ type: 'INVITATION.DISMISS' })}>
              {t('operators.dismiss')}
            </button>
          </div>
        )}
        <div className={css.tableWrap}>
          <table className={css.table} data-testid="operator-table">
            <thead>
              <tr>
                {columns.map((c) => (
                  <th key={c} scope="col">
                    {t(`operators.${c}`)}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {view.operators.map((o) => (
                <tr key={o.id} data-operator={o.username}>
                  <td>{o.username}</td>
                  <td>
                    <select
                      className={css.select}
                      aria-label={t('operators.roleOf', { username: o.username })}
                      value={o.role}
                      disabled={view.busy}
                      onChange={(e) => ref.send({ type: 'ROLE.CHANGE', id: o.id, role: e.target.value as StaffRole })}
                    >
                      {STAFF_ROLES.map((role) => (
                        <option key={role} value={role}>
                          {t(`roles.${role}`)}
                        </option>
                      ))}
                    </select>
                  </td>
                  <td data-testid="operator-email">
                    {o.email ? `${o.email} (${o.emailVerified ? t('operators.emailVerified') : t('operators.emailUnverified')})` : t('operators.emailNone')}
                  </td>
                  <td>{t(`operators.statuses.${o.status}`)}</td>
                  <td>{o.totp ? t('operators.totpOn') : t('operators.totpOff')}</td>
                  <td>{format.date(o.createdAt)}</td>
                  <td>
                    <span className={css.actions}>
                      <button type="button" className={button.ghost} disabled={view.busy} onClick={() => ref.send({ type: o.status === 'disabled' ? 'ENABLE' : 'DISABLE', id: o.id })}>
                        {o.status === 'disabled' ? t('operators.enable') : t('operators.disable')}
                      </button>
                      <button type="button" className={button.ghost} disabled={view.busy} onClick={() => ref.send({ type: 'REINVITE', id: o.id })}>
                        {t('operators.reinvite')}
                      </button>
                      <button type="button" className={button.ghost} disabled={view.busy} aria-label={t('operators.setEmailOf', { username: o.username })} onClick={() => ref.send({ type: 'EMAIL.OPEN', id: o.id })}>
                        {t('operators.setEmail')}
                      </button>
                    </span>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </section>

      {/* A new flow for each operator: the form opens on what the server holds for them. */}
      {view.emailOperator && (
        <StaffEmailForm key={view.emailOperator.id} operatorId={view.emailOperator.id} username={view.emailOperator.username} onClose={() => ref.send({ type: 'EMAIL.CLOSE' })} />
      )}

      <section className={`${card} ${stack}`} aria-labelledby="operator-new-title">
        <h2 id="operator-new-title" className={heading.section}>
          {t('operators.newTitle')}
        </h2>
        <form
          className={css.form}
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            ref.send({ type: 'CREATE' });
          }}
        >
          <TextField
            id="operator-username"
            label={t('operators.username')}
            type="text"
            autoComplete="off"
            value={view.form.username}
            error={view.errors.username}
            busy={view.creating}
            onChange={(value) => ref.send({ type: 'FIELD.CHANGE', field: 'username', value })}
          />
          <div>
            <label htmlFor="operator-role" className={label}>
              {t('operators.role')}
            </label>
            <select
              id="operator-role"
              className={css.select}
              value={view.form.role}
              aria-invalid={view.errors.role ? true : undefined}
              aria-describedby={view.errors.role ? 'operator-role-error' : undefined}
              onChange={(e) => ref.send({ type: 'FIELD.CHANGE', field: 'role', value: e.target.value })}
            >
              <option value="">{t('operators.chooseRole')}</option>
              {STAFF_ROLES.map((role) => (
                <option key={role} value={role}>
                  {t(`roles.${role}`)}
                </option>
              ))}
            </select>
            {view.errors.role && (
              <p id="operator-role-error" className={errorText} role="alert">
                {message(view.errors.role)}
              </p>
            )}
          </div>
          <button type="submit" className={button.primary} aria-busy={view.creating} aria-disabled={view.busy || undefined} data-testid="operator-invite">
            {view.creating ? t('operators.inviting') : t('operators.invite')}
          </button>
        </form>
      </section>
    </div>
  );
}
