import { shallowEqual, useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import { LOGIN_FORMS, LOGIN_TABS, MIN_PASSWORD_LENGTH, loginFlow, loginView, tabEvent, type LoginField, type LoginTab } from '../../../machines/login.view';
import { useSession } from '../../app/AppContext';
import { Link } from '../../app/Link';
import { useFlow } from '../../app/useFlow';
import { useTabKeys } from '../../app/useTabKeys';
import { usePageMeta } from '../../app/usePageMeta';
import { SignInForm } from '../../components/SignInForm';
import { button, card, heading, muted, narrow, notice, page, stack } from '../../styles/ui.css';
import * as css from './login.css';

export default function LoginPage() {
  const { t } = useTranslation(['account', 'validation', 'maillink']);
  usePageMeta('login');
  const { account, checking } = useSession();
  const ref = useFlow(loginFlow);
  const { tab, fields, errors, busy, signingIn, enteringAsGuest, signingUp } = useSelector(ref, loginView, shallowEqual);

  const change = (field: LoginField, value: string) => ref.send({ type: 'FIELD.CHANGE', field, value });
  // Switching tabs would abandon a request under way, so the tabs wait for it.
  const select = (next: LoginTab) => !busy && ref.send(tabEvent(next));
  const tabKeys = useTabKeys(LOGIN_TABS, tab, select);
  const common = { values: fields, errors, busy, onChange: change } as const;

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
            {t('login.signedInAs', { email: account.email })} <Link route="dashboard">{t('login.toDashboard')}</Link>
          </p>
        )}

        <div role="tablist" aria-label={t('login.tabsLabel')} className={css.tabList}>
          {LOGIN_TABS.map((name) => (
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
          <SignInForm
            {...common}
            id={LOGIN_FORMS.login}
            fields={[
              { field: 'email', id: 'login-email', label: t('login.email'), type: 'email', autoComplete: 'email' },
              { field: 'password', id: 'login-password', label: t('login.password'), type: 'password', autoComplete: 'current-password' },
            ]}
            submitting={signingIn}
            submitLabel={t('login.submit')}
            submittingLabel={t('login.submitting')}
            testId="login-submit"
            onSubmit={() => ref.send({ type: 'LOGIN' })}
          />
          <p className={css.recovery}>
            <Link route="forgotPassword" data-testid="forgot-password">
              {t('maillink:login.forgot')}
            </Link>
            <Link route="signInLink" data-testid="sign-in-link">
              {t('maillink:login.signInLink')}
            </Link>
          </p>

          <hr className={css.divider} />

          <section aria-labelledby="guest-title" className={stack}>
            <div>
              <h2 id="guest-title" className={heading.section}>
                {t('login.guest.title')}
              </h2>
              <p className={muted}>{t('login.guest.body')}</p>
            </div>
            <SignInForm
              {...common}
              id={LOGIN_FORMS.guest}
              fields={[{ field: 'guestEmail', id: 'guest-email', label: t('login.guest.email'), type: 'email', autoComplete: 'email' }]}
              submitting={enteringAsGuest}
              submitLabel={t('login.guest.submit')}
              submittingLabel={t('login.guest.submitting')}
              variant="secondary"
              testId="guest-submit"
              onSubmit={() => ref.send({ type: 'GUEST' })}
            />
          </section>
        </div>

        <div role="tabpanel" id="panel-signup" aria-labelledby="tab-signup" hidden={tab !== 'signup'}>
          <SignInForm
            {...common}
            id={LOGIN_FORMS.signup}
            fields={[
              { field: 'email', id: 'signup-email', label: t('login.email'), type: 'email', autoComplete: 'email' },
              { field: 'password', id: 'signup-password', label: t('login.password'), type: 'password', autoComplete: 'new-password', hint: t('login.passwordHint', { min: MIN_PASSWORD_LENGTH }) },
              { field: 'confirmPassword', id: 'signup-confirm', label: t('login.confirmPassword'), type: 'password', autoComplete: 'new-password' },
            ]}
            submitting={signingUp}
            submitLabel={t('login.signup.submit')}
            submittingLabel={t('login.signup.submitting')}
            testId="signup-submit"
            onSubmit={() => ref.send({ type: 'SIGNUP' })}
          />
        </div>

        <Link route="home" className={button.ghost}>
          {t('login.backHome')}
        </Link>
      </section>
    </div>
  );
}
