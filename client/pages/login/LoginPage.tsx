import { useSelector } from '@xstate/react';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { MIN_PASSWORD_LENGTH } from '../../../machines/domain/account';
import { errorKey, type ErrorCode } from '../../../machines/domain/errorCodes';
import { ROUTES } from '../../../machines/domain/routes';
import { loginMachine, type LoginField, type LoginOutput } from '../../../machines/login.machine';
import { makeLoginActors } from '../../api/actors/account';
import { fetchTransport } from '../../api/transport';
import { useSession, useToastActor } from '../../app/AppContext';
import type { ToastActor, ToastRequest } from '../../app/toasts';
import { useLegacyFlow } from '../../app/useLegacyFlow';
import { useTabKeys } from '../../app/useTabKeys';
import { usePageMeta } from '../../app/usePageMeta';
import { button, card, heading, muted, narrow, notice, page, stack } from '../../styles/ui.css';
import { TextField as Field } from '../../components/TextField';
import * as css from './login.css';

const withActors = loginMachine.provide({ actors: makeLoginActors(fetchTransport) });

type Tab = 'login' | 'signup';
const TABS: readonly Tab[] = ['login', 'signup'];

/** A refusal: what the server said, in the interface language, when it said why (spec 1-core §8 "server message or …"), else ours. */
function failure(title: string, description: string, code: ErrorCode | undefined) {
  return { title, description: errorKey(code) ?? description, variant: 'destructive' as const };
}

/** The spec's toasts (1-core §5, §8), as translation keys of the `account` namespace. */
function withToasts(toasts: ToastActor) {
  const show = (toast: ToastRequest) => toasts.send({ type: 'TOAST.SHOW', toast });
  return withActors.provide({
    actions: {
      announceLoggedIn: () => show({ title: 'account:toast.loggedIn.title', description: 'account:toast.loggedIn.description' }),
      announceLoginFailed: (_, { code }) =>
        show(failure('account:toast.loginFailed.title', 'account:toast.loginFailed.description', code)),
      announceSignedUp: () => show({ title: 'account:toast.signedUp.title', description: 'account:toast.signedUp.description' }),
      announceSignupFailed: (_, { code }) =>
        show(failure('account:toast.signupFailed.title', 'account:toast.signupFailed.description', code)),
      announceGuest: () => show({ title: 'account:toast.guest.title', description: 'account:toast.guest.description' }),
      announceGuestFailed: (_, { code }) =>
        show(failure('account:toast.guestFailed.title', 'account:toast.guestFailed.description', code)),
      announceMismatch: () =>
        show({ title: 'account:toast.mismatch.title', description: 'account:toast.mismatch.description', variant: 'destructive' }),
    },
  });
}

/** Where each field of each form lives on the page, so a refused submit can focus its first error. */
const FIELD_IDS: Record<'login' | 'guest' | 'signup', Partial<Record<LoginField, string>>> = {
  login: { email: 'login-email', password: 'login-password' },
  guest: { guestEmail: 'guest-email' },
  signup: { email: 'signup-email', password: 'signup-password', confirmPassword: 'signup-confirm' },
};

export default function LoginPage() {
  const { t } = useTranslation(['account', 'validation']);
  usePageMeta('login');
  const [searchParams] = useSearchParams();
  const toasts = useToastActor();
  const { account, checking, signedIn } = useSession();
  const machine = useMemo(() => withToasts(toasts), [toasts]);
  const ref = useLegacyFlow(machine, { tab: searchParams.get('tab') === 'signup' ? 'signup' : 'login' }, (output) => {
    const { to, account: next } = output as LoginOutput;
    signedIn(next);
    return to;
  });

  const tab = useSelector(ref, (s): Tab => (s.matches('signup') ? 'signup' : 'login'));
  const fields = useSelector(ref, (s) => s.context.fields);
  const errors = useSelector(ref, (s) => s.context.errors);
  const busy = useSelector(ref, (s) => s.hasTag('busy'));
  const signingIn = useSelector(ref, (s) => s.matches({ login: 'signingIn' }));
  const enteringAsGuest = useSelector(ref, (s) => s.matches({ login: 'enteringAsGuest' }));
  const signingUp = useSelector(ref, (s) => s.matches({ signup: 'signingUp' }));

  const change = (field: LoginField) => (value: string) => ref.send({ type: 'FIELD.CHANGE', field, value });
  // Switching tabs would abandon a request under way, so the tabs wait for it.
  const select = (next: Tab) => !busy && ref.send({ type: next === 'signup' ? 'TAB.SIGNUP' : 'TAB.LOGIN' });

  // A refused submit moves focus to the first field that needs attention.
  const submit = (type: 'LOGIN' | 'GUEST' | 'SIGNUP', form: keyof typeof FIELD_IDS) => {
    ref.send({ type });
    const refused = ref.getSnapshot().context.errors;
    const first = Object.entries(FIELD_IDS[form]).find(([field]) => refused[field as LoginField]);
    if (first) document.getElementById(first[1])?.focus();
  };

  const tabKeys = useTabKeys(TABS, tab, select);

  const describe = (field: LoginField, id: string) => ({ error: errors[field], id });

  return (
    <div className={`${narrow} ${page}`}>
      <section className={`${card} ${stack}`} aria-labelledby="login-title">
        <div>
          <h1 id="login-title" className={heading.page}>
            {t('login.title')}
          </h1>
          <p className={muted}>{t('login.lead')}</p>
        </div>

        {!checking && account && (
          <p className={notice.info}>
            {t('login.signedInAs', { email: account.email })} <Link to={ROUTES.dashboard}>{t('login.toDashboard')}</Link>
          </p>
        )}

        <div role="tablist" aria-label={t('login.tabsLabel')} className={css.tabList}>
          {TABS.map((name) => (
            <button
              key={name}
              ref={tabKeys.refOf(name)}
              type="button"
              role="tab"
              id={`tab-${name}`}
              data-testid={`tab-${name}`}
              aria-selected={tab === name}
              aria-controls={`panel-${name}`}
              tabIndex={tab === name ? 0 : -1}
              aria-disabled={busy || undefined}
              className={css.tab}
              onClick={() => select(name)}
              onKeyDown={tabKeys.onKeyDown}
            >
              {name === 'login' ? t('login.tabs.login') : t('login.tabs.signup')}
            </button>
          ))}
        </div>

        <div role="tabpanel" id="panel-login" aria-labelledby="tab-login" hidden={tab !== 'login'} className={stack}>
          <form
            className={css.form}
            noValidate
            onSubmit={(e) => {
              e.preventDefault();
              submit('LOGIN', 'login');
            }}
          >
            <Field
              {...describe('email', 'login-email')}
              label={t('login.email')}
              type="email"
              autoComplete="email"
              value={fields.email}
              onChange={change('email')}
              busy={busy}
            />
            <Field
              {...describe('password', 'login-password')}
              label={t('login.password')}
              type="password"
              autoComplete="current-password"
              value={fields.password}
              onChange={change('password')}
              busy={busy}
            />
            <button type="submit" className={`${button.primary} ${css.fullWidth}`} aria-disabled={busy || undefined} aria-busy={signingIn} data-testid="login-submit">
              {signingIn ? t('login.submitting') : t('login.submit')}
            </button>
          </form>

          <hr className={css.divider} />

          <section aria-labelledby="guest-title" className={stack}>
            <div>
              <h2 id="guest-title" className={heading.section}>
                {t('login.guest.title')}
              </h2>
              <p className={muted}>{t('login.guest.body')}</p>
            </div>
            <form
              className={css.form}
              noValidate
              onSubmit={(e) => {
                e.preventDefault();
                submit('GUEST', 'guest');
              }}
            >
              <Field
                {...describe('guestEmail', 'guest-email')}
                label={t('login.guest.email')}
                type="email"
                autoComplete="email"
                value={fields.guestEmail}
                onChange={change('guestEmail')}
                busy={busy}
              />
              <button type="submit" className={`${button.secondary} ${css.fullWidth}`} aria-disabled={busy || undefined} aria-busy={enteringAsGuest} data-testid="guest-submit">
                {enteringAsGuest ? t('login.guest.submitting') : t('login.guest.submit')}
              </button>
            </form>
          </section>
        </div>

        <div role="tabpanel" id="panel-signup" aria-labelledby="tab-signup" hidden={tab !== 'signup'}>
          <form
            className={css.form}
            noValidate
            onSubmit={(e) => {
              e.preventDefault();
              submit('SIGNUP', 'signup');
            }}
          >
            <Field
              {...describe('email', 'signup-email')}
              label={t('login.email')}
              type="email"
              autoComplete="email"
              value={fields.email}
              onChange={change('email')}
              busy={busy}
            />
            <Field
              {...describe('password', 'signup-password')}
              label={t('login.password')}
              type="password"
              autoComplete="new-password"
              value={fields.password}
              onChange={change('password')}
              hint={t('login.passwordHint', { min: MIN_PASSWORD_LENGTH })}
              busy={busy}
            />
            <Field
              {...describe('confirmPassword', 'signup-confirm')}
              label={t('login.confirmPassword')}
              type="password"
              autoComplete="new-password"
              value={fields.confirmPassword}
              onChange={change('confirmPassword')}
              busy={busy}
            />
            <button type="submit" className={`${button.primary} ${css.fullWidth}`} aria-disabled={busy || undefined} aria-busy={signingUp} data-testid="signup-submit">
              {signingUp ? t('login.signup.submitting') : t('login.signup.submit')}
            </button>
          </form>
        </div>

        <Link to={ROUTES.home} className={button.ghost}>
          {t('login.backHome')}
        </Link>
      </section>
    </div>
  );
}
