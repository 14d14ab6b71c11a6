import { shallowEqual, useSelector } from '@xstate/react';
import { memo, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatResumeCode, resumeEntryFlow, resumeEntryView, saveForLaterFlow, saveLaterView, type ResumeField } from '../../../machines/ds160Form.view';
import { useFlow } from '../../app/useFlow';
import { button, card, errorText, input as inputClass, label as labelClass, notice, row, stack } from '../../styles/ui.css';
import * as css from './ds160Wizard.css';
import { useValidationMessage } from '../../app/validationMessage';

const FAILURES = { wrong: 'resume.wrong', tooMany: 'resume.tooMany', failed: 'ds160page:resume.failed', issueFailed: 'resume.failed' } as const;

/** 'Save and continue later': the button, then the code, its link and its expiry, with Copy. */
export const SaveForLater = memo(function SaveForLater({ leadId }: { leadId: string }) {
  const { t, i18n } = useTranslation(['ds160form', 'ds160page']);
  const resume = useFlow(saveForLaterFlow, { leadId });
  const { issued, busy, failure } = useSelector(resume, saveLaterView, shallowEqual);
  const [copied, setCopied] = useState<string | null>(null);
  const region = useRef<HTMLElement>(null);
  useEffect(() => {
    if (issued) region.current?.focus();
  }, [issued]);
  const link = issued ? new URL(issued.link, window.location.origin).toString() : '';
  const copy = (text: string) => {
    void navigator.clipboard?.writeText(text).then(() => setCopied(text), () => {});
  };
  return (
    <div className={stack}>
      <div className={row}>
        <button type="button" className={button.ghost} disabled={busy} aria-busy={busy || undefined} data-testid="ds160-save-later" onClick={() => resume.send({ type: 'SAVE_LATER' })}>
          {t('resume.save')}
        </button>
      </div>
      {failure && <p className={notice.warning}>{t(FAILURES[failure])}</p>}
      {issued && (
        <section ref={region} tabIndex={-1} className={`${card} ${notice.info} ${stack} ${css.panel}`} aria-labelledby="ds160-resume-title" data-testid="ds160-resume-code">
          <h2 id="ds160-resume-title" className={css.panelTitle}>
            {t('resume.title')}
          </h2>
          <p>{t('resume.description')}</p>
          <p>
            {t('resume.codeLabel')}: <strong className={css.resumeCode}>{formatResumeCode(issued.code)}</strong>{' '}
            <button type="button" className={`${button.secondary} ${css.smallButton}`} onClick={() => copy(formatResumeCode(issued.code))}>
              {copied === formatResumeCode(issued.code) ? t('resume.copied') : t('resume.copy')}
            </button>
          </p>
          <p className={css.breakAll}>
            {t('resume.linkLabel')}: <a href={link}>{link}</a>{' '}
            <button type="button" className={`${button.secondary} ${css.smallButton}`} onClick={() => copy(link)}>
              {copied === link ? t('resume.copied') : t('resume.copy')}
            </button>
          </p>
          <p className={css.hint}>{t('ds160page:resume.expires', { date: new Date(issued.expiresAt).toLocaleDateString(i18n.language) })}</p>
          {/* Never "sent" before a mail server took it (issue 43): queued says on its way, no server says keep the code. */}
          {issued.email && (
            <p className={css.hint} data-testid="ds160-resume-mail">
              {t(`ds160page:resume.mail.${issued.email.state}`, { to: issued.email.to })}
            </p>
          )}
          <div>
            <button type="button" className={button.secondary} onClick={() => resume.send({ type: 'CLOSE' })}>
              {t('resume.close')}
            </button>
          </div>
        </section>
      )}
    </div>
  );
});

/** 'Have a resume code?': the code (filled in from a resume link) and the application's e-mail. */
export const ResumeEntry = memo(function ResumeEntry({ code: linked }: { code: string | null }) {
  const { t } = useTranslation(['ds160form', 'ds160page']);
  // The application found goes to the form on the page (the flow hands it over).
  const resume = useFlow(resumeEntryFlow);
  const message = useValidationMessage();
  const { code, email, errors, failure: shownFailure, wait, busy } = useSelector(resume, resumeEntryView, shallowEqual);
  const field = (name: ResumeField, label: string, type: string, autoComplete: string) => {
    const id = `resume-${name}`;
    const error = errors[name];
    return (
      <div className={css.field}>
        <label className={labelClass} htmlFor={id}>
          {label}
        </label>
        <input
          id={id}
          className={inputClass}
          type={type}
          value={name === 'code' ? code : email}
          autoComplete={autoComplete}
          autoCapitalize={name === 'code' ? 'characters' : 'none'}
          spellCheck={false}
          disabled={busy}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          onChange={(e) => resume.send({ type: 'FIELD.CHANGE', field: name, value: e.target.value })}
        />
        {error && (
          <p id={`${id}-error`} className={errorText}>
            {message(error)}
          </p>
        )}
      </div>
    );
  };
  return (
    <details className={`${card} ${css.resumeEntry}`} open={Boolean(linked) || undefined} data-testid="ds160-resume-entry">
      <summary className={css.subheading}>{t('resume.enterTitle')}</summary>
      <form
        className={stack}
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          resume.send({ type: 'SUBMIT' });
        }}
      >
        <p className={css.hint}>{t('resume.enterDescription')}</p>
        <div className={css.resumeFields}>
          {field('code', t('resume.code'), 'text', 'one-time-code')}
          {field('email', t('resume.email'), 'email', 'email')}
        </div>
        {shownFailure && (
          <p className={notice.warning} role="alert" data-testid="ds160-resume-failure">
            {wait === null ? t(FAILURES[shownFailure]) : t('resume.tooMany_wait', { count: wait })}
          </p>
        )}
        <div>
          <button type="submit" className={button.primary} disabled={busy} aria-busy={busy || undefined}>
            {busy ? t('resume.checking') : t('resume.submit')}
          </button>
        </div>
      </form>
    </details>
  );
});
