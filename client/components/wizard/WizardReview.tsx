import { useSelector } from '@xstate/react';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { reviewView, type Question, type QuestionWizardRef, type ReviewSection } from '../../../machines/questionWizard.view';
import { useCountryName } from '../countries';
import * as css from './wizard.css';
import { button, card, heading, linkButton, muted, stack } from '../../styles/ui.css';
import { useWhenIdle } from '../../app/useWhenIdle';

const sameReview = (a: ReviewSection[], b: ReviewSection[]) => JSON.stringify(a) === JSON.stringify(b);

/** About a phone screen of answers: drawn with the title, in the Next that reaches the review. */
const FIRST_ROWS = 8;

/** The review's first `FIRST_ROWS` answers, in their sections. */
function firstScreen(sections: ReviewSection[]): ReviewSection[] {
  let left = FIRST_ROWS;
  return sections.flatMap((section) => {
    if (left <= 0) return [];
    const answers = section.answers.slice(0, left);
    left -= answers.length;
    return [{ ...section, answers }];
  });
}

interface ReviewProps {
  wizard: QuestionWizardRef;
  submitLabel: string;
  submittingLabel: string;
  /** A paid traveller's answers (issue 45 item 20): shown as they were sent, with no Edit and no submit. */
  readOnly?: { title: string };
}

/** Every answer grouped by section before the submit, each with an Edit that returns here (spec 2-wizards §2.2 'review'). */
export function WizardReview({ wizard, submitLabel, submittingLabel, readOnly }: ReviewProps) {
  const { t } = useTranslation(['wizard', 'catalog']);
  const nameOf = useCountryName();
  const sections = useSelector(wizard, reviewView, sameReview);
  const submitting = useSelector(wizard, (s) => s.hasTag('busy'));
  const submitFailed = useSelector(wizard, (s) => s.hasTag('submitFailed'));
  // Every answer is some 80 rows, 400 elements: drawing them all made the Next that reaches the review take four
  // times a question's. The first screen comes at once, the rest once the browser is idle; busy until then.
  const complete = useWhenIdle(true) === true;
  const drawn = complete ? sections : firstScreen(sections);
  const title = useRef<HTMLHeadingElement>(null);
  useEffect(() => title.current?.focus(), []);

  const shown = (question: Question, value: string) => {
    if (!value) return t('review.empty');
    const option = question.options?.find((o) => o.value === value);
    if (option) return t(option.labelKey);
    return question.type === 'country' ? nameOf(value) : value;
  };

  return (
    <section className={`${card} ${stack}`} aria-labelledby="review-title" aria-busy={!complete}>
      <h2 id="review-title" ref={title} tabIndex={-1} className={heading.section}>
        {readOnly?.title ?? t('review.title')}
      </h2>
      {!readOnly && <p className={muted}>{t('review.intro')}</p>}
      {drawn.map((section) => (
        <section key={section.id} aria-labelledby={`review-${section.id}`} className={stack}>
          <h3 id={`review-${section.id}`} className={css.reviewSection}>
            {t(section.titleKey)}
          </h3>
          <dl className={css.reviewList}>
            {section.answers.map(({ question, value }) => {
              const label = t(question.labelKey);
              return (
                <div key={question.id} className={css.reviewRow}>
                  <dt>{label}</dt>
                  <dd>{shown(question, value)}</dd>
                  {!readOnly && (
                    <dd>
                      <button
                        type="button"
                        className={linkButton}
                        aria-label={t('review.editLabel', { question: label })}
                        onClick={() => wizard.send({ type: 'REVIEW.EDIT', questionId: question.id })}
                      >
                        {t('review.edit')}
                      </button>
                    </dd>
                  )}
                </div>
              );
            })}
          </dl>
        </section>
      ))}
      {!readOnly && submitFailed && (
        <p role="alert" className={css.hint}>
          {t('submitFailedInline')}
        </p>
      )}
      {!readOnly && (
        <div className={css.actions}>
          <button type="button" className={button.secondary} disabled={submitting} onClick={() => wizard.send({ type: 'PREVIOUS' })}>
            {t('previous')}
          </button>
          <button type="button" className={button.primary} disabled={submitting} aria-busy={submitting} onClick={() => wizard.send({ type: 'SUBMIT' })} data-main-action>
            {submitting ? submittingLabel : submitLabel}
          </button>
        </div>
      )}
    </section>
  );
}
