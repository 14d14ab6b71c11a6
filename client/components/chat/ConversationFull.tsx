import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { FullView } from '../../../machines/chat.view';
import { button, card, muted, stack } from '../../styles/ui.css';

/**
 * Where a chat's composer (`children`) is, once its stored conversation is full (issue 41): what happened, and a
 * fresh conversation that keeps the answers. `failed`: the last attempt to start one did not reach the server.
 */
export function ConversationFull({ chat, full, busy, onFresh, children }: { chat: string; full: FullView; busy: boolean; onFresh: () => void; children: ReactNode }) {
  const { t } = useTranslation('conversation');
  if (!full) return <>{children}</>;
  return (
    <div className={`${card} ${stack}`} role="alert" data-testid={`${chat}-full`}>
      <p>{t('full.message')}</p>
      {full === 'failed' && <p className={muted}>{t('full.failed')}</p>}
      <button type="button" className={button.primary} disabled={busy} onClick={onFresh} data-testid={`${chat}-fresh`}>
        {t('full.fresh')}
      </button>
    </div>
  );
}
