import { memo, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { DS160_SECTIONS, type Ds160FormSection } from '../../../machines/ds160Form.view';
import { ProgressFill } from '../../components/wizard/ProgressFill';
import { card, input, label } from '../../styles/ui.css';
import * as css from './ds160Wizard.css';

interface Props {
  current: Ds160FormSection;
  completed: readonly Ds160FormSection[];
  disabled: boolean;
  onGo: (section: Ds160FormSection) => void;
}

const TOTAL = DS160_SECTIONS.length;

/** The width from which the sidebar replaces the phone's section picker (the styles use the same query). */
const WIDE_QUERY = '(min-width: 900px)';

/**
 * Whether the screen is wide enough for the sidebar. Only one of the sidebar and the picker is in the page, so
 * each control exists once for assistive technology and tests.
 */
let wideQuery: MediaQueryList | undefined;
/** One query for the page's life: React reads the snapshot on every render, and a new query each time costs. */
const wideScreen = () => (wideQuery ??= window.matchMedia(WIDE_QUERY));

export function useWideScreen(): boolean {
  return useSyncExternalStore(
    (listener) => {
      wideScreen().addEventListener('change', listener);
      return () => wideScreen().removeEventListener('change', listener);
    },
    () => wideScreen().matches,
    () => true,
  );
}

/** 'n/10 sections completed' and its bar. */
const Progress = memo(function Progress({ done }: { done: number }) {
  const { t } = useTranslation('ds160form');
  const text = t('sidebar.completed', { n: done, total: TOTAL });
  return (
    <div className={css.progress}>
      <p className={css.count} data-testid="ds160-completed-count">
        {text}
      </p>
      <div
        className={css.progressTrack}
        role="progressbar"
        aria-label={t('sidebar.progress')}
        aria-valuemin={0}
        aria-valuemax={TOTAL}
        aria-valuenow={done}
        aria-valuetext={text}
      >
        <ProgressFill fraction={done / TOTAL} />
      </div>
    </div>
  );
});

interface ItemProps {
  section: (typeof DS160_SECTIONS)[number];
  n: number;
  done: boolean;
  isCurrent: boolean;
  disabled: boolean;
  onGo: (section: Ds160FormSection) => void;
}

/** One section's button; memoized, so a move redraws the two sections it changes, not all ten. */
const SideItem = memo(function SideItem({ section, n, done, isCurrent, disabled, onGo }: ItemProps) {
  const { t } = useTranslation('ds160form');
  return (
    <li>
      <button
        type="button"
        className={css.sideButton}
        aria-current={isCurrent ? 'step' : undefined}
        data-done={done}
        data-section={section.id}
        disabled={disabled}
        onClick={() => onGo(section.id)}
      >
        <span>
          <span className={css.sideNumber} aria-hidden="true">
            {n}.
          </span>
          {t(section.titleKey)}
        </span>
        {done && (
          <span className={css.tick}>
            <span aria-hidden="true">✓</span>
            <span className="visually-hidden">{t('sidebar.done')}</span>
          </span>
        )}
      </button>
    </li>
  );
});

/** Large screens (spec 2-wizards §2.4): the ten sections, each a button that jumps to it. */
export const Sidebar = memo(function Sidebar({ current, completed, disabled, onGo }: Props) {
  const { t } = useTranslation('ds160form');
  return (
    <nav className={`${card} ${css.sidebar}`} aria-labelledby="ds160-sidebar-title">
      <h2 id="ds160-sidebar-title" className={css.panelTitle}>
        {t('sidebar.title')}
      </h2>
      <Progress done={completed.length} />
      <ol className={css.sideList}>
        {DS160_SECTIONS.map((section, i) => (
          <SideItem
            key={section.id}
            section={section}
            n={i + 1}
            done={completed.includes(section.id)}
            isCurrent={section.id === current}
            disabled={disabled}
            onGo={onGo}
          />
        ))}
      </ol>
    </nav>
  );
});

/** Phones (< 900 px): a compact section picker with the same progress. */
export const SectionPicker = memo(function SectionPicker({ current, completed, disabled, onGo }: Props) {
  const { t } = useTranslation('ds160form');
  return (
    <div className={`${card} ${css.picker}`}>
      <div>
        <label className={label} htmlFor="ds160-section-picker">
          {t('sidebar.picker')}
        </label>
        <select
          id="ds160-section-picker"
          className={input}
          value={current}
          disabled={disabled}
          onChange={(e) => onGo(e.target.value as Ds160FormSection)}
        >
          {DS160_SECTIONS.map((section, i) => (
            <option key={section.id} value={section.id}>
              {`${i + 1}. ${t(section.titleKey)}${completed.includes(section.id) ? ` ✓ (${t('sidebar.done')})` : ''}`}
            </option>
          ))}
        </select>
      </div>
      <Progress done={completed.length} />
    </div>
  );
});
