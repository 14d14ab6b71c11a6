import { useSelector } from '@xstate/react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { adminGateMachine, adminGateView, type AdminField } from '../../../machines/adminGate.view';
import { errorKey } from '../../../machines/domain/errorCodes';
import { makeAdminGateActors } from '../../api/actors/admin';
import { fetchTransport } from '../../api/transport';
import { useToastActor } from '../../app/AppContext';
import type { ToastActor } from '../../app/toasts';
import { useLegacyFlow } from '../../app/useLegacyFlow';
import { usePageMeta } from '../../app/usePageMeta';
import { Spinner } from '../../components/Spinner';
import { TextField } from '../../components/TextField';
import { button, card, heading, muted, narrow, page, stack } from '../../styles/ui.css';
import { AdminDashboard } from './AdminDashboard';
import { Enrolment, InvitationForm, RecoveryCodes, SecondStep } from './GateSteps';

const withActors = adminGateMachine.provide({ actors: makeAdminGateActors(fetchTransport) });

/** The gate's toasts (spec 1-core §8 and the second step's), as keys of the `admin` and `operators` namespaces. */
function withToasts(toasts: ToastActor) {
  const failed = (title: string, fallback: string) => (_: unknown, { code }: { code: Parameters<typeof errorKey>[0] }) =>
    toasts.send({ type: 'TOAST.SHOW', toast: { title, description: errorKey(code) ?? fallback, variant: 'destructive' } });
  return withActors.provide({
    actions: {
      announceLoggedIn: () => toasts.send({ type: 'TOAST.SHOW', toast: { title: 'admin:toast.loggedIn.title', description: 'admin:toast.loggedIn.description' } }),
      // The server's reason in the admin's language, when it gave one; else the spec's 'Invalid admin credentials'.
      announceLoginFailed: failed('admin:toast.loginFailed.title', 'admin:toast.loginFailed.description'),
      announceCodeFailed: failed('operators:toast.codeFailed.title', 'operators:toast.codeFailed.description'),
      announceEnrolled: () => toasts.send({ type: 'TOAST.SHOW', toast: { title: 'operators:toast.enrolled.title', description: 'operators:toast.enrolled.description' } }),
      announceExpired: () => toasts.send({ type: 'TOAST.SHOW', toast: { title: 'admin:toast.expired.title', description: 'admin:toast.expired.description' } }),
      announceSignOutFailed: () =>
        toasts.send({ type: 'TOAST.SHOW', toast: { title: 'admin:toast.signOutFailed.title', description: 'admin:toast.signOutFailed.description', variant: 'destructive' } }),
    },
  });
}

export type GateRef = ReturnType<typeof useLegacyFlow<ReturnType<typeof withToasts>>>;

/** /teamomora (spec 1-core §2.10; issue 44): the gate, its second step and set-up, then the dashboard. */
export default function AdminPage() {
  const { t } = useTranslation('admin');
  usePageMeta('other');
  const toasts = useToastActor();
  const [search] = useSearchParams();
  // The invitation link's token: the gate's input, read once as the page opens.
  const [input] = useState(() => ({ invitation: search.get('invite') }));
  const machine = useMemo(() => withToasts(toasts), [toasts]);
  const gate = useLegacyFlow(machine, input);
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
          session={view.session}
          canEnrol={view.canEnrol}
          onEnrol={() => gate.send({ type: 'ENROL' })}
          onSignOut={() => gate.send({ type: 'SIGN_OUT' })}
          onExpired={() => gate.send({ type: 'EXPIRED' })}
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
  const submit = () => {
    gate.send({ type: 'SUBMIT' });
    const refused = gate.getSnapshot().context.errors;
    const first = (['username', 'password'] as const).find((f) => refused[f]);
    if (first) document.getElementById(`admin-${first}`)?.focus();
  };
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
