import { useSelector } from '@xstate/react';
import { memo, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatResumeCode } from '../../../machines/domain/resumeCode';
import { formResumeMachine, type FormResumeInput, type ResumeField, type RestoredApplication } from '../../../machines/formResume.machine';
import { makeFormResumeActors } from '../../api/actors/formResume';
import { fetchTransport } from '../../api/transport';
import { useLegacyFlow } from '../../app/useLegacyFlow';
import { button, card, errorText, input as inputClass, label as labelClass, notice, row, stack } from '../../styles/ui.css';
import * as css from './ds160Wizard.css';
import { useValidationMessage } from '../../app/validationMessage';

const base = formResumeMachine.provide({ actors: makeFormResumeActors(fetchTransport) });

const FAILURES = { wrong: 'resume.wrong', tooMany: 'resume.tooMany', failed: 'ds160page:resume.failed', issueFailed: 'resume.failed' } as const;

/** 'Save and continue later': the button, then the code, its link and its expiry, with Copy. */
export const SaveForLater = memo(function SaveForLater({ leadId }: { leadId: string }) {
  const { t, i18n } = useTranslation(['ds160form', 'ds160page']);
  const [input] = useState<FormResumeInput>(() => ({ leadId }));
  const resume = useLegacyFlow(base, input);
  const issued = useSelector(resume, (s) => s.context.issued);
  const busy = useSelector(resume, (s) => s.matches('issuing'));
  const failure = useSelector(resume, (s) => (s.context.failure === 'issueFailed' ? s.context.failure : null));
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
export const ResumeEntry = memo(function ResumeEntry({
  code: linked,
  onRestore,
}: {
  code: string | null;
  onRestore: (application: RestoredApplication) => void;
}) {
  const { t } = useTranslation(['ds160form', 'ds160page']);
  const restore = useRef(onRestore);
  restore.current = onRestore;
  const machine = useMemo(() => base.provide({ actions: { restoreForm: (_, { application }) => restore.current(application) } }), []);
  const [input] = useState<FormResumeInput>(() => ({ code: linked }));
  const resume = useLegacyFlow(machine, input);
  const message = useValidationMessage();
  const { code, email, errors, failure } = useSelector(resume, (s) => s.context);
  const busy = useSelector(resume, (s) => s.matches('checking'));
  const shownFailure = failure && failure !== 'issueFailed' ? failure : null;
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
            {t(FAILURES[shownFailure])}
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
