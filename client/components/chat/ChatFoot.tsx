import { forwardRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { NoticeChat } from '../../../machines/aiNotice.view';
import type { ChatFootEvent, FullView } from '../../../machines/chat.view';
import { AiNotice } from './AiNotice';
import { ConversationFull } from './ConversationFull';
import { LineComposer } from './LineComposer';

/**
 * The foot of a one-line chat: the composer (behind the AI notice until it is accepted), or, once the stored
 * conversation is full, the way on in a fresh one. `id`: the composer's field. `ns`: the chat's namespace, whose `composer.*` words it shows.
 */
export const ChatFoot = forwardRef<
  HTMLInputElement,
  { chat: string; id: string; notice: NoticeChat; ns: string; full: FullView; busy: boolean; draft: string; send: (event: ChatFootEvent) => void }
>(function ChatFoot({ chat, id, notice, ns, full, busy, draft, send }, ref) {
  const { t } = useTranslation(ns);
  return (
    <ConversationFull chat={chat} full={full} busy={busy} onFresh={() => send({ type: 'FRESH' })}>
      <AiNotice chat={notice}>
        <LineComposer
          id={id}
          ref={ref}
          value={draft}
          label={t('composer.label')}
          placeholder={t('composer.placeholder')}
          send={t('composer.send')}
          busy={busy}
          onChange={(value) => send({ type: 'DRAFT', value })}
          onSend={() => send({ type: 'SEND' })}
        />
      </AiNotice>
    </ConversationFull>
  );
});
