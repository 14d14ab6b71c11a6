import { shallowEqual, useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import { MAIL_LINK_FORMS, MIN_PASSWORD_LENGTH, mailLinkFlow, mailLinkView, type MailLinkField, type MailLinkPage } from '../../../machines/mailLink.view';
import { Link } from '../../app/Link';
import { useFlow } from '../../app/useFlow';
import { usePageMeta } from '../../app/usePageMeta';
import { SignInForm } from '../../components/SignInForm';
import { Spinner } from '../../components/Spinner';
import { button, card, heading, muted, narrow, notice, page, stack } from '../../styles/ui.css';

/** The words of each purpose's page, under mail:page.<purpose>. */
const PAGE_KEY = { reset: 'reset', signIn: 'signIn', invitation: 'invitation' } as const;

/**
 * The page of an e-mailed link, or the page that asks for one (issue 43): what it shows is the flow's screen
 * (machines/mailLink.view.ts); the page holds no call, address or navigation of its own.
 */
export function MailLinkScreen(props: MailLinkPage) {
  const { t } = useTranslation(['maillink', 'account', 'validation']);
  usePageMeta('login');
  const ref = useFlow(mailLinkFlow, props);
  const { screen, purpose, fields, errors, problem, busy, requesting, saving, canAskAgain } = useSelector(ref, mailLinkView, shallowEqual);
  const key = PAGE_KEY[purpose];
  const change = (field: MailLinkField, value: string) => ref.send({ type: 'FIELD.CHANGE', field, value });
  const common = { values: fields, errors, busy, onChange: change } as const;
  const title = screen === 'choose' ? t('page.reset.chooseTitle') : screen === 'broken' ? t(`page.problem.${problem ?? 'unknown'}.title`) : t(`page.${key}.title`);

  return (
    <div className={`${narrow} ${page}`}>
      <section className={`${card} ${stack}`} aria-labelledby="mail-link-title" aria-busy={busy || undefined}>
        <h1 id="mail-link-title" className={heading.page}>
          {title}
        </h1>

        {screen === 'ask' && (
          <>
            <p className={muted}>{t(`page.${key}.lead`)}</p>
            <SignInForm
              {...common}
              id={MAIL_LINK_FORMS.request}
              fields={[{ field: 'email', id: 'link-email', label: t('page.email'), type: 'email', autoComplete: 'email' }]}
              submitting={requesting}
              submitLabel={t(`page.${key}.submit`)}
              submittingLabel={t('page.sending')}
              testId="link-request-submit"
              onSubmit={() => ref.send({ type: 'REQUEST' })}
            />
          </>
        )}

        {screen === 'requested' && (
          <>
            <p className={notice.success} role="status" data-testid="link-requested">
              {t(`page.${key}.requested`, { email: fields.email.trim() })}
            </p>
            <p className={muted}>{t('page.checkSpam')}</p>
            <button type="button" className={button.ghost} onClick={() => ref.send({ type: 'ANOTHER' })}>
              {t('page.another')}
            </button>
          </>
        )}

        {(screen === 'checking' || screen === 'working') && <Spinner label={t(`page.${key}.working`)} />}

        {screen === 'choose' && (
          <>
            <p className={muted}>{t('page.reset.chooseLead')}</p>
            <SignInForm
              {...common}
              id={MAIL_LINK_FORMS.password}
              fields={[
                { field: 'password', id: 'reset-password', label: t('account:login.password'), type: 'password', autoComplete: 'new-password', hint: t('account:login.passwordHint', { min: MIN_PASSWORD_LENGTH }) },
                { field: 'confirmPassword', id: 'reset-confirm', label: t('account:login.confirmPassword'), type: 'password', autoComplete: 'new-password' },
              ]}
              submitting={saving}
              submitLabel={t('page.reset.save')}
              submittingLabel={t('page.reset.saving')}
              testId="reset-submit"
              onSubmit={() => ref.send({ type: 'SAVE' })}
            />
          </>
        )}

        {screen === 'broken' && (
          <>
            <p className={notice.warning} role="alert" data-testid="link-problem">
              {t(`page.problem.${problem ?? 'unknown'}.body`)} {t(`page.${key}.askAgain`)}
            </p>
            {canAskAgain && (
              <button type="button" className={button.primary} onClick={() => ref.send({ type: 'ANOTHER' })}>
                {t(`page.${key}.submit`)}
              </button>
            )}
          </>
        )}

        {screen === 'unanswered' && (
          <>
            <p className={notice.warning} role="alert">
              {t('page.unanswered')}
            </p>
            <button type="button" className={button.primary} onClick={() => ref.send({ type: 'RETRY' })}>
              {t('page.retry')}
            </button>
          </>
        )}

        <Link route="login" className={button.ghost}>
          {t('page.toSignIn')}
        </Link>
      </section>
    </div>
  );
}
