import { useTranslation } from 'react-i18next';
import { button, card } from '../../styles/ui.css';
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
