import { useSelector } from '@xstate/react';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { sectionsOf, type SectionProgress } from '../../../machines/questionWizard.machine';
import * as css from '../../components/wizard/wizard.css';
import type { QuestionWizardRef } from './useQuestionWizard';

const sameSections = (a: SectionProgress[], b: SectionProgress[]) => JSON.stringify(a) === JSON.stringify(b);

function useSections(wizard: QuestionWizardRef): SectionProgress[] {
  return useSelector(wizard, (s) => sectionsOf(s.context, s.hasTag('review')), sameSections);
}

/** The DS-160 wizard's horizontal section stepper. */
export function SectionStepper({ wizard }: { wizard: QuestionWizardRef }) {
  const { t } = useTranslation('catalog');
  const sections = useSections(wizard);
  const list = useRef<HTMLOListElement>(null);
  const current = sections.find((s) => s.current)?.id;
  // On a phone the stepper scrolls sideways; keep the current section in sight without moving the page.
  useEffect(() => {
    const strip = list.current;
    const item = strip?.querySelector<HTMLElement>('[aria-current="step"]');
    if (strip && item) strip.scrollLeft = item.offsetLeft - (strip.clientWidth - item.offsetWidth) / 2;
  }, [current]);
  return (
    <ol ref={list} className={css.stepper} aria-label={t('wizard:sections')}>
      {sections.map((s) => (
        <li key={s.id} className={css.stepperItem} aria-current={s.current ? 'step' : undefined} data-done={s.done}>
          {t(s.titleKey)}
        </li>
      ))}
    </ol>
  );
}

/** The ESTA wizard's side panel of sections and progress. */
export function SectionPanel({ wizard }: { wizard: QuestionWizardRef }) {
  const { t } = useTranslation('catalog');
  const sections = useSections(wizard);
  return (
    <ol className={css.sideList} aria-label={t('wizard:sections')}>
      {sections.map((s) => (
        <li key={s.id} className={css.sideItem} aria-current={s.current ? 'step' : undefined} data-done={s.done}>
          <span>{t(s.titleKey)}</span>
          <span aria-hidden="true">{s.done ? '✓' : s.count}</span>
        </li>
      ))}
    </ol>
  );
}
