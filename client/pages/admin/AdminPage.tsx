import { useSelector } from '@xstate/react';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { adminGateMachine, type AdminField } from '../../../machines/adminGate.machine';
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
import { errorKey } from '../../../machines/domain/errorCodes';

const withActors = adminGateMachine.provide({ actors: makeAdminGateActors(fetchTransport) });

/** The gate's toasts (spec 1-core §8), as keys of the `admin` namespace. */
function withToasts(toasts: ToastActor) {
  return withActors.provide({
    actions: {
      announceLoggedIn: () => toasts.send({ type: 'TOAST.SHOW', toast: { title: 'admin:toast.loggedIn.title', description: 'admin:toast.loggedIn.description' } }),
      // The server's reason in the admin's language, when it gave one; else the spec's 'Invalid admin credentials'.
      announceLoginFailed: (_, { code }) =>
        toasts.send({
          type: 'TOAST.SHOW',
          toast: { title: 'admin:toast.loginFailed.title', description: errorKey(code) ?? 'admin:toast.loginFailed.description', variant: 'destructive' },
        }),
      announceExpired: () => toasts.send({ type: 'TOAST.SHOW', toast: { title: 'admin:toast.expired.title', description: 'admin:toast.expired.description' } }),
      announceSignOutFailed: () =>
        toasts.send({ type: 'TOAST.SHOW', toast: { title: 'admin:toast.signOutFailed.title', description: 'admin:toast.signOutFailed.description', variant: 'destructive' } }),
    },
  });
}

/** /teamomora (spec 1-core §2.10): the gate, then the dashboard. */
export default function AdminPage() {
  const { t } = useTranslation('admin');
  usePageMeta('other');
  const toasts = useToastActor();
  const machine = useMemo(() => withToasts(toasts), [toasts]);
  const gate = useLegacyFlow(machine, undefined);

  const checking = useSelector(gate, (s) => s.matches('checking'));
  const authenticated = useSelector(gate, (s) => s.matches('authenticated') || s.matches('signingOut'));
  const signingIn = useSelector(gate, (s) => s.matches({ loginForm: 'signingIn' }));
  const username = useSelector(gate, (s) => s.context.username);
  const fields = useSelector(gate, (s) => s.context.fields);
  const errors = useSelector(gate, (s) => s.context.errors);

  if (checking) return <Spinner label={t('gate.checking')} />;
  if (authenticated) {
    return <AdminDashboard username={username ?? ''} onSignOut={() => gate.send({ type: 'SIGN_OUT' })} onExpired={() => gate.send({ type: 'EXPIRED' })} />;
  }

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
          <TextField id="admin-username" label={t('gate.username')} type="text" autoComplete="username" value={fields.username} error={errors.username} busy={signingIn} onChange={change('username')} />
          <TextField id="admin-password" label={t('gate.password')} type="password" autoComplete="current-password" value={fields.password} error={errors.password} busy={signingIn} onChange={change('password')} />
          <button type="submit" className={button.primary} aria-disabled={signingIn || undefined} aria-busy={signingIn} data-testid="admin-submit">
            {signingIn ? t('gate.submitting') : t('gate.submit')}
          </button>
        </form>
        <button type="button" className={button.ghost} onClick={() => gate.send({ type: 'BACK_HOME' })} disabled={signingIn}>
          {t('gate.back')}
        </button>
      </section>
    </div>
  );
}
