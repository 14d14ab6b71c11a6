import { useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import { adminGateFlow, adminGateView, GATE_FORM_ID, type AdminField, type GateRef } from '../../../machines/adminGate.view';
import { useFlow } from '../../app/useFlow';
import { usePageMeta } from '../../app/usePageMeta';
import { Spinner } from '../../components/Spinner';
import { TextField } from '../../components/TextField';
import { button, card, heading, muted, narrow, page, stack } from '../../styles/ui.css';
import { AdminDashboard } from './AdminDashboard';
import { Enrolment, InvitationForm, RecoveryCodes, SecondStep } from './GateSteps';

/** /teamomora (spec 1-core §2.10; issue 44): the gate, its second step and set-up, then the dashboard. */
export default function AdminPage() {
  const { t } = useTranslation('admin');
  usePageMeta('other');
  const gate = useFlow(adminGateFlow);
  const view = useSelector(gate, adminGateView, (a, b) => JSON.stringify(a) === JSON.stringify(b));

  switch (view.screen) {
    case 'checking':
      return <Spinner label={t('gate.checking')} />;
    case 'dashboard':
      return (
        <AdminDashboard
          username={view.username}
          role={view.role}
          tabs={view.tabs}
          canExport={view.canExport}
          canEnrol={view.canEnrol}
          onEnrol={() => gate.send({ type: 'ENROL' })}
          onSignOut={() => gate.send({ type: 'SIGN_OUT' })}
        />
      );
    case 'secondStep':
      return <SecondStep gate={gate} view={view} />;
    case 'enrolment':
      return <Enrolment gate={gate} view={view} />;
    case 'recoveryCodes':
      return <RecoveryCodes gate={gate} view={view} />;
    case 'invitation':
    case 'invitationRefused':
      return <InvitationForm gate={gate} view={view} />;
    default:
      return <LoginForm gate={gate} view={view} />;
  }
}

function LoginForm({ gate, view }: { gate: GateRef; view: ReturnType<typeof adminGateView> }) {
  const { t } = useTranslation('admin');
  const change = (field: AdminField) => (value: string) => gate.send({ type: 'FIELD.CHANGE', field, value });
  // A refusal moves focus to the form's first field with an error (the machine's focusError).
  const submit = () => gate.send({ type: 'SUBMIT' });
  return (
    <div className={`${narrow} ${page}`}>
      <section className={`${card} ${stack}`} aria-labelledby="admin-gate-title">
        <div>
          <h1 id="admin-gate-title" className={heading.page}>
            {t('gate.title')}
          </h1>
          <p className={muted}>{t('gate.lead')}</p>
        </div>
        <form
          id={GATE_FORM_ID}
          className={stack}
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            submit();
          }}
        >
          <TextField id="admin-username" label={t('gate.username')} type="text" autoComplete="username" value={view.fields.username} error={view.errors.username} busy={view.busy} onChange={change('username')} />
          <TextField id="admin-password" label={t('gate.password')} type="password" autoComplete="current-password" value={view.fields.password} error={view.errors.password} busy={view.busy} onChange={change('password')} />
          <button type="submit" className={button.primary} aria-disabled={view.busy || undefined} aria-busy={view.busy} data-testid="admin-submit">
            {view.busy ? t('gate.submitting') : t('gate.submit')}
          </button>
        </form>
        <button type="button" className={button.ghost} onClick={() => gate.send({ type: 'BACK_HOME' })} disabled={view.busy}>
          {t('gate.back')}
        </button>
      </section>
    </div>
  );
}
