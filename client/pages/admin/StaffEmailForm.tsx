import { useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import { STAFF_EMAIL_FORM_ID, staffEmailFlow, staffEmailView } from '../../../machines/staffEmail.view';
import { useFlow } from '../../app/useFlow';
import { Spinner } from '../../components/Spinner';
import { TextField } from '../../components/TextField';
import { button, card, heading, muted, row, stack } from '../../styles/ui.css';
import { Failed } from './parts';

interface Props {
  /** null: the signed-in operator's own address (the account tab); else the operator an owner sets it for. */
  operatorId: string | null;
  /** The operator's username, for the heading; absent for one's own. */
  username?: string;
  onClose?: () => void;
}

/**
 * A staff account's e-mail address (issue 43): what the server holds and whether it is verified, and a new one.
 * The staffEmail flow decides; this renders it.
 */
export function StaffEmailForm({ operatorId, username, onClose }: Props) {
  const { t } = useTranslation('operators');
  const ref = useFlow(staffEmailFlow, { operatorId });
  const view = useSelector(ref, staffEmailView, (a, b) => JSON.stringify(a) === JSON.stringify(b));
  const titleId = `${STAFF_EMAIL_FORM_ID}-title`;

  if (view.failed) return <Failed text={t('email.failed')} onRetry={() => ref.send({ type: 'RETRY' })} />;
  if (view.loading) return <Spinner label={t('email.loading')} />;
  const current = view.current;
  return (
    <section className={`${card} ${stack}`} aria-labelledby={titleId} data-testid="staff-email">
      <div>
        <h2 id={titleId} className={heading.section}>
          {username ? t('email.titleOf', { username }) : t('email.title')}
        </h2>
        <p className={muted}>{t('email.lead')}</p>
      </div>
      <p data-testid="staff-email-current">
        {!current?.email ? t('email.none') : current.verified ? t('email.currentVerified', { email: current.email }) : t('email.currentUnverified', { email: current.email })}
      </p>
      {view.sentTo && (
        <p role="status" data-testid="staff-email-sent">
          {t('email.sentTo', { email: view.sentTo })}
        </p>
      )}
      <form
        id={STAFF_EMAIL_FORM_ID}
        className={stack}
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          ref.send({ type: 'SAVE' });
        }}
      >
        <TextField
          id="staff-email-input"
          label={t('email.label')}
          type="email"
          autoComplete="email"
          value={view.draft}
          error={view.error ?? undefined}
          busy={view.saving}
          onChange={(value) => ref.send({ type: 'EMAIL.CHANGE', value })}
        />
        <div className={row}>
          <button type="submit" className={button.primary} aria-busy={view.saving} aria-disabled={view.saving || undefined} data-testid="staff-email-save">
            {view.saving ? t('email.saving') : t('email.save')}
          </button>
          {onClose && (
            <button type="button" className={button.ghost} onClick={onClose}>
              {t('email.close')}
            </button>
          )}
        </div>
      </form>
    </section>
  );
}
