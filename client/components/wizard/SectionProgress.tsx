import { useSelector } from '@xstate/react';
import { memo, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { sectionsView, type QuestionWizardRef, type SectionProgress } from '../../../machines/questionWizard.view';
import * as css from './wizard.css';

const sameSections = (a: SectionProgress[], b: SectionProgress[]) => JSON.stringify(a) === JSON.stringify(b);

function useSections(wizard: QuestionWizardRef): SectionProgress[] {
  return useSelector(wizard, sectionsView, sameSections);
}

/** The DS-160 wizard's horizontal section stepper; memoized like the question (it follows the machine, not the page). */
export const SectionStepper = memo(function SectionStepper({ wizard }: { wizard: QuestionWizardRef }) {
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
  // A strip that scrolls must be reachable by keyboard, or its hidden sections can only be seen with a pointer:
  // while it overflows it is a tab stop (named by its label), and the arrow keys scroll it.
  const scrolls = useOverflows(list);
  return (
    <ol ref={list} className={css.stepper} aria-label={t('wizard:sections')} tabIndex={scrolls ? 0 : undefined}>
      {sections.map((s) => (
        <li key={s.id} className={css.stepperItem} aria-current={s.current ? 'step' : undefined} data-done={s.done}>
          {t(s.titleKey)}
        </li>
      ))}
    </ol>
  );
});

/** Whether the element is narrower than its content (it scrolls sideways); follows size and text changes. */
function useOverflows(ref: React.RefObject<HTMLElement | null>): boolean {
  const [overflows, setOverflows] = useState(false);
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    const measure = () => setOverflows(el.scrollWidth > el.clientWidth);
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(el);
    for (const child of el.children) observer.observe(child);
    return () => observer.disconnect();
  }, [ref]);
  return overflows;
}

/** The ESTA wizard's side panel of sections and progress. */
export const SectionPanel = memo(function SectionPanel({ wizard }: { wizard: QuestionWizardRef }) {
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
});
