import { useTranslation } from 'react-i18next';
import { GATE_FORM_ID, type adminGateView, type AdminField, type GateRef } from '../../../machines/adminGate.view';
import { Spinner } from '../../components/Spinner';
import { TextField } from '../../components/TextField';
import { button, card, heading, muted, narrow, page, row, stack } from '../../styles/ui.css';
import * as css from './admin.css';

type View = ReturnType<typeof adminGateView>;

interface StepProps {
  gate: GateRef;
  view: View;
}

/** Sends SUBMIT; a refusal moves focus to the form's first field with an error (the machine's focusError). */
const submit = (gate: GateRef) => gate.send({ type: 'SUBMIT' });

function Panel({ id, title, lead, children }: { id: string; title: string; lead?: string; children: React.ReactNode }) {
  return (
    <div className={`${narrow} ${page}`}>
      <section className={`${card} ${stack}`} aria-labelledby={id}>
        <div>
          <h1 id={id} className={heading.page}>
            {title}
          </h1>
          {lead && <p className={muted}>{lead}</p>}
        </div>
        {children}
      </section>
    </div>
  );
}

/** The second step of signing in: the app's code or a recovery code. */
export function SecondStep({ gate, view }: StepProps) {
  const { t } = useTranslation('operators');
  return (
    <Panel id="admin-code-title" title={t('secondStep.title')} lead={t('secondStep.lead')}>
      <form
        id={GATE_FORM_ID}
        className={stack}
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          submit(gate);
        }}
      >
        <TextField
          id="admin-code"
          label={t('secondStep.code')}
          type="text"
          autoComplete="one-time-code"
          value={view.fields.code}
          error={view.errors.code}
          busy={view.busy}
          onChange={(value) => gate.send({ type: 'FIELD.CHANGE', field: 'code', value })}
        />
        <button type="submit" className={button.primary} aria-busy={view.busy} aria-disabled={view.busy || undefined} data-testid="admin-code-submit">
          {view.busy ? t('secondStep.submitting') : t('secondStep.submit')}
        </button>
      </form>
      <button type="button" className={button.ghost} onClick={() => gate.send({ type: 'CANCEL' })} disabled={view.busy}>
        {t('secondStep.cancel')}
      </button>
    </Panel>
  );
}

/** Setting up two-factor sign-in: the QR code drawn by the server, the key to type, the first code. */
export function Enrolment({ gate, view }: StepProps) {
  const { t } = useTranslation('operators');
  const lead = view.enrolmentOptional ? t('enrol.leadOptional') : t('enrol.leadRequired');
  const leave = (
    <button type="button" className={button.ghost} onClick={() => gate.send({ type: 'CANCEL' })} disabled={view.busy && !view.enrolmentLoading}>
      {view.enrolmentOptional ? t('enrol.cancelOptional') : t('enrol.cancelRequired')}
    </button>
  );
  if (view.enrolmentFailed) {
    return (
      <Panel id="admin-enrol-title" title={t('enrol.title')} lead={lead}>
        <p role="alert">{t('enrol.failed')}</p>
        <div className={row}>
          <button type="button" className={button.primary} onClick={() => gate.send({ type: 'RETRY' })}>
            {t('enrol.retry')}
          </button>
          {leave}
        </div>
      </Panel>
    );
  }
  if (!view.qrSvg) return <Spinner label={t('enrol.loading')} />;
  return (
    <Panel id="admin-enrol-title" title={t('enrol.title')} lead={lead}>
      <p>{t('enrol.scan')}</p>
      <img className={css.qr} src={`data:image/svg+xml;base64,${btoa(view.qrSvg)}`} alt={t('enrol.qrAlt')} width={200} height={200} data-testid="totp-qr" />
      <p>
        {t('enrol.manual')} <code className={css.secret} data-testid="totp-secret">{view.secret}</code>
      </p>
      <form
        id={GATE_FORM_ID}
        className={stack}
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          submit(gate);
        }}
      >
        <TextField
          id="admin-enrol-code"
          label={t('enrol.code')}
          type="text"
          autoComplete="one-time-code"
          value={view.fields.code}
          error={view.errors.code}
          busy={view.busy}
          onChange={(value) => gate.send({ type: 'FIELD.CHANGE', field: 'code', value })}
        />
        <button type="submit" className={button.primary} aria-busy={view.busy} aria-disabled={view.busy || undefined} data-testid="admin-enrol-submit">
          {view.busy ? t('enrol.submitting') : t('enrol.submit')}
        </button>
      </form>
      {leave}
    </Panel>
  );
}

/** The recovery codes, shown once. */
export function RecoveryCodes({ gate, view }: StepProps) {
  const { t } = useTranslation('operators');
  return (
    <Panel id="admin-recovery-title" title={t('recovery.title')} lead={t('recovery.lead')}>
      <ul className={css.codes} data-testid="recovery-codes">
        {view.recoveryCodes.map((code) => (
          <li key={code}>
            <code>{code}</code>
          </li>
        ))}
      </ul>
      <button type="button" className={button.primary} onClick={() => gate.send({ type: 'CONTINUE' })} data-testid="recovery-continue">
        {t('recovery.continue')}
      </button>
    </Panel>
  );
}

/** An invitation link: the new operator's own password, or why the link cannot be used. */
export function InvitationForm({ gate, view }: StepProps) {
  const { t } = useTranslation(['operators', 'errors']);
  if (view.screen === 'invitationRefused') {
    return (
      <Panel id="admin-invitation-title" title={t('invitation.refusedTitle')}>
        <p role="alert">{t(view.invitationMessage)}</p>
        <button type="button" className={button.primary} onClick={() => gate.send({ type: 'CANCEL' })}>
          {t('invitation.toSignIn')}
        </button>
      </Panel>
    );
  }
  const ids = { newPassword: 'admin-new-password', confirmPassword: 'admin-confirm-password' };
  return (
    <Panel id="admin-invitation-title" title={t('invitation.title')} lead={t('invitation.lead')}>
      <form
        id={GATE_FORM_ID}
        className={stack}
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          submit(gate);
        }}
      >
        <TextField
          id={ids.newPassword}
          label={t('invitation.password')}
          type="password"
          autoComplete="new-password"
          value={view.fields.newPassword}
          error={view.errors.newPassword}
          busy={view.busy}
          onChange={(value) => gate.send({ type: 'FIELD.CHANGE', field: 'newPassword', value })}
        />
        <TextField
          id={ids.confirmPassword}
          label={t('invitation.confirm')}
          type="password"
          autoComplete="new-password"
          value={view.fields.confirmPassword}
          error={view.errors.confirmPassword}
          busy={view.busy}
          onChange={(value) => gate.send({ type: 'FIELD.CHANGE', field: 'confirmPassword', value })}
        />
        <button type="submit" className={button.primary} aria-busy={view.busy} aria-disabled={view.busy || undefined} data-testid="admin-invitation-submit">
          {view.busy ? t('invitation.submitting') : t('invitation.submit')}
        </button>
      </form>
    </Panel>
  );
}
