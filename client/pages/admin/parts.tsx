import { useTranslation } from 'react-i18next';
import { button, card, row } from '../../styles/ui.css';
import * as css from './admin.css';

/** One figure of a tab: its name and its value. */
export function Figure({ label, value }: { label: string; value: string }) {
  return (
    <div className={card}>
      <p className={css.statLabel}>{label}</p>
      <p className={css.statValue}>{value}</p>
    </div>
  );
}

/** A tab whose data did not come: the spec's failure text and Retry. */
export function Failed({ text, onRetry }: { text: string; onRetry: () => void }) {
  const { t } = useTranslation('admin');
  return (
    <div className={`${card} ${css.head}`} role="alert">
      <p>{text}</p>
      <button type="button" className={button.secondary} onClick={onRetry}>
        {t('dashboard.retry')}
      </button>
    </div>
  );
}

/** Where a paged list is, as its view module derives it. */
export interface PagerView {
  page: number;
  pages: number;
  canPrevious: boolean;
  canNext: boolean;
}

/**
 * A paged list's Previous and Next, between them where the list is ("Page 2 of 5"), each as its view module allows.
 * `words` is the tab's key prefix in its own namespace (`t`): its `.page`, `.previous` and `.next`.
 */
export function Pager({ view, t, words, onPage }: { view: PagerView; t: (key: string, options?: Record<string, unknown>) => string; words: string; onPage: (page: number) => void }) {
  const label = t(`${words}.page`, { page: view.page, pages: view.pages });
  return (
    <nav className={row} aria-label={label}>
      <button type="button" className={button.ghost} disabled={!view.canPrevious} onClick={() => onPage(view.page - 1)}>
        {t(`${words}.previous`)}
      </button>
      <span>{label}</span>
      <button type="button" className={button.ghost} disabled={!view.canNext} onClick={() => onPage(view.page + 1)}>
        {t(`${words}.next`)}
      </button>
    </nav>
  );
}
