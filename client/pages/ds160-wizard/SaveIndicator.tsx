import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import { button } from '../../styles/ui.css';
import * as css from './ds160Wizard.css';

/** What the machine's `sync` region is doing, as the applicant sees it. */
export type SaveStatus = 'none' | 'saving' | 'saved' | 'failed';

/**
 * The autosave indicator: 'Saving…' while a capture or save runs, 'Saved' once the lead has what the server was
 * sent, 'Not saved, retrying' after a failure, with a button that retries at once. Read out politely.
 */
export const SaveIndicator = memo(function SaveIndicator({ status, onRetry }: { status: SaveStatus; onRetry: () => void }) {
  const { t } = useTranslation(['ds160form', 'ds160page']);
  const text =
    status === 'saving' ? t('autosave.saving') : status === 'saved' ? t('autosave.saved') : status === 'failed' ? t('autosave.retrying') : '';
  return (
    <div className={css.saveBar}>
      <span className={css.saveState} data-state={status} data-testid="ds160-save-status" role="status" aria-live="polite">
        {text}
      </span>
      {status === 'failed' && (
        <button type="button" className={`${button.secondary} ${css.smallButton}`} onClick={onRetry}>
          {t('ds160page:autosave.retryNow')}
        </button>
      )}
    </div>
  );
});
