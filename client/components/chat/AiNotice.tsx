import { shallowEqual, useSelector } from '@xstate/react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { aiNoticeFlow, aiNoticeViewOf, type NoticeChat } from '../../../machines/aiNotice.view';
import { useFlow } from '../../app/useFlow';
import { button, card, heading, stack } from '../../styles/ui.css';

/**
 * Before a chat's first message (issue 44): when an outside AI service would read the words, its notice stands
 * where the composer will be, until the applicant says yes (recorded by the server). Otherwise the composer shows.
 */
export function AiNotice({ chat, children }: { chat: NoticeChat; children: ReactNode }) {
  const { t } = useTranslation('privacy');
  const ref = useFlow(aiNoticeFlow, chat);
  const view = useSelector(ref, aiNoticeViewOf, shallowEqual);
  if (view.clear) return <>{children}</>;
  if (!view.showing) return null;
  return (
    <section className={`${card} ${stack}`} aria-labelledby={`ai-notice-${chat}`} data-testid="ai-notice">
      <h2 id={`ai-notice-${chat}`} className={heading.section}>
        {t('aiNotice.title')}
      </h2>
      <p>{t('aiNotice.body', { engine: view.engine === 'openai' ? 'OpenAI' : t('aiNotice.outsideService') })}</p>
      <p>
        <Link to="/privacy">{t('aiNotice.more')}</Link>
      </p>
      {view.failed && <p role="alert">{t('aiNotice.failed')}</p>}
      <button type="button" className={button.primary} aria-disabled={view.busy || undefined} onClick={() => ref.send({ type: 'ACCEPT' })} data-testid="ai-notice-accept">
        {t('aiNotice.accept')}
      </button>
    </section>
  );
}
