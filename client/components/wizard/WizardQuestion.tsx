import { shallowEqual, useSelector } from '@xstate/react';
import { memo, useCallback, useEffect, useLayoutEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { questionView, type QuestionWizardRef } from '../../../machines/questionWizard.view';
import { warmDateInput } from '../../app/warmDateInput';
import { whenIdle } from '../../app/whenIdle';
import { ProgressFill } from './ProgressFill';
import { QuestionField } from './QuestionField';
import * as css from './wizard.css';
import { button, card, notice, stack } from '../../styles/ui.css';

interface Props {
  wizard: QuestionWizardRef;
  /** Label of the last step's button, and while sending ('Finish application' / 'Submitting...': the applicant submits on the official site). */
  submitLabel: string;
  submittingLabel: string;
  /** 'question' reads 'Question n of N' (/apply/*), 'fraction' reads 'n of N' (/wizard). */
  counter: 'question' | 'fraction';
  /** The questions whose answers a group filled in for this traveller, still as filled in (issue 36): each is marked. */
  prefilled?: ReadonlySet<string>;
  /** Another traveller's form: their name, which the questions that say "your" use instead (issue 45 item 9). */
  about?: string;
}

/**
 * The current question with its progress, Previous and Next; everything it shows comes from the machine. Memoized:
 * the page is drawn again when the URL follows the question (?q=), and this has nothing new to show then.
 */
export const WizardQuestion = memo(function WizardQuestion({ wizard, submitLabel, submittingLabel, counter, prefilled, about }: Props) {
  const { t } = useTranslation('wizard');
  const { progress, draft, submits, error, spelling, submitting, submitFailed, canGoBack, canSwitch, revising, hasDates } = useSelector(wizard, questionView, shallowEqual);
  const field = useRef<HTMLElement>(null);
  const first = useRef(true);

  // A catalog with dates: the browser's date input is made ready once idle, so its first question opens at once.
  useEffect(() => (hasDates ? whenIdle(warmDateInput) : undefined), [hasDates]);

  // Focus follows the question, so keyboard and screen-reader users stay with the flow (not on first load). Before
  // the question is painted: the frame that shows it shows where focus is, and needs no second style and layout.
  useLayoutEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    const el = field.current;
    (el?.querySelector<HTMLElement>('input:checked, input') ?? el)?.focus();
  }, [progress.question.id]);

  const n = progress.index + 1;
  const percent = Math.round((n / progress.total) * 100);
  // Stable, so the question's field is drawn again only when its question, answer or error changes.
  const next = useCallback(() => wizard.send({ type: 'NEXT' }), [wizard]);
  const change = useCallback((value: string) => wizard.send({ type: 'ANSWER.CHANGE', value }), [wizard]);
  // The offered spelling replaces the name, and the applicant is back in it, where Enter goes on.
  const accept = (value: string) => {
    change(value);
    const el = field.current;
    (el?.querySelector<HTMLElement>('input') ?? el)?.focus();
  };

  return (
    <section className={`${card} ${stack}`} aria-labelledby="wizard-counter">
      <div className={stack}>
        <span id="wizard-counter" className={css.counter} aria-live="polite">
          {counter === 'question' ? t('counter.question', { n, total: progress.total }) : t('counter.fraction', { n, total: progress.total })}
        </span>
        <div className={css.progressTrack} role="progressbar" aria-valuemin={0} aria-valuemax={100} aria-valuenow={percent} aria-label={t('progress')}>
          <ProgressFill fraction={n / progress.total} />
        </div>
      </div>
      <QuestionField
        key={progress.question.id}
        ref={field}
        question={progress.question}
        value={draft}
        error={error}
        onChange={change}
        onEnter={next}
        {...(about ? { about } : {})}
      />
      {spelling && (
        <p className={`${notice.info} ${css.spelling}`} data-testid="spelling-offer">
          <span>{t('spelling.offer', { name: spelling })}</span>
          <button type="button" className={button.secondary} onClick={() => accept(spelling)} data-testid="spelling-accept">
            {t('spelling.use', { name: spelling })}
          </button>
        </p>
      )}
      {prefilled?.has(progress.question.id) && (
        <p className={notice.info} data-testid="prefilled-note">
          {t('group:prefilled')}
        </p>
      )}
      {submitFailed && (
        <p role="alert" className={css.hint}>
          {t('submitFailedInline')}
        </p>
      )}
      {canSwitch && (
        <button type="button" className={button.secondary} onClick={() => wizard.send({ type: 'FORM.SWITCH' })}>
          {t('switchToDs160')}
        </button>
      )}
      <div className={css.actions}>
        <button type="button" className={button.secondary} disabled={!canGoBack || submitting} onClick={() => wizard.send({ type: 'PREVIOUS' })}>
          {revising ? t('review.back') : t('previous')}
        </button>
        <button type="button" className={button.primary} disabled={submitting} aria-busy={submitting} onClick={next} data-main-action>
          {revising ? t('review.save') : submits ? (submitting ? submittingLabel : submitLabel) : t('next')}
        </button>
      </div>
    </section>
  );
});
