import { useSelector } from '@xstate/react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { aiAssistantMachine, CONVERSATION_LANGUAGES, type AiAssistantInput, type AssistantLine, type ConversationLanguage, type Said } from '../../../machines/aiAssistant.machine';
import { ROUTES } from '../../../machines/domain/routes';
import { makeAiAssistantActors } from '../../api/actors/aiAssistant';
import { fetchTransport } from '../../api/transport';
import { useLanguage } from '../../app/AppContext';
import { useSiteData } from '../../app/siteData';
import { readStorage, writeStorage } from '../../app/storage';
import { useLegacyFlow } from '../../app/useLegacyFlow';
import { usePageMeta } from '../../app/usePageMeta';
import * as chat from '../../components/chat/chat.css';
import { AiNotice } from '../../components/chat/AiNotice';
import { ChatLog } from '../../components/chat/ChatLog';
import { PlanCards } from '../../components/chat/PlanCards';
import { ProgressFill } from '../../components/wizard/ProgressFill';
import { progressTrack } from '../../components/wizard/wizard.css';
import { button, container, heading, input as inputClass, muted, page, row, stack } from '../../styles/ui.css';

const machine = aiAssistantMachine.provide({ actors: makeAiAssistantActors(fetchTransport) });

/** The interview under way survives a reload of the tab: the server keeps its answers, the tab its id. */
const KEPT = 'rumbo.aiassistant';

const isConversationLanguage = (value: unknown): value is ConversationLanguage => CONVERSATION_LANGUAGES.includes(value as ConversationLanguage);

/** The interview this tab began, or a new one in the interface's language (issue 32: not Spanish under French). */
function keptInterview(interfaceLanguage: string): AiAssistantInput {
  const fallback = isConversationLanguage(interfaceLanguage) ? interfaceLanguage : 'es';
  try {
    const kept = JSON.parse(readStorage('session', KEPT) ?? 'null') as AiAssistantInput | null;
    const language = isConversationLanguage(kept?.language) ? kept.language : fallback;
    return kept?.sessionId && (kept.kind === 'ds160' || kept.kind === 'esta') ? { language, sessionId: kept.sessionId, kind: kept.kind } : { language: fallback };
  } catch {
    return { language: fallback };
  }
}

/** The AI assistant's interview (spec 3-ai §2.4, §4.3): DS-160 or ESTA, one question at a time, then the plans. */
export default function AiAssistantPage() {
  // The refused answers' rules are the validators' own messages.
  const { t } = useTranslation(['aiassistant', 'validation']);
  const { branding } = useSiteData();
  usePageMeta('chat', branding.brandName);
  const { language: interfaceLanguage } = useLanguage();
  const [input] = useState(() => keptInterview(interfaceLanguage));
  const ref = useLegacyFlow(machine, input);
  const context = useSelector(ref, (s) => s.context);
  useEffect(() => {
    writeStorage('session', KEPT, JSON.stringify({ language: context.language, sessionId: context.sessionId, kind: context.kind }));
  }, [context.language, context.sessionId, context.kind]);
  const phase = useSelector(ref, (s) => (s.matches('choosing') ? 'choosing' : s.matches('done') ? 'done' : 'talking'));
  const busy = useSelector(ref, (s) => s.hasTag('busy'));
  const answering = useSelector(ref, (s) => s.matches('answering'));
  const stalled = useSelector(ref, (s) => s.matches('stalled'));
  const field = useRef<HTMLInputElement>(null);

  useEffect(() => {
    if (answering) field.current?.focus();
  }, [context.lines.length, answering]);

  const say = (said: Said | undefined) => (!said ? '' : 'text' in said ? said.text : t(said.key, said.values));
  const lineText = (line: AssistantLine) => (line.role === 'system' ? t(line.key, { detail: say(line.detail) }) : line.text);
  const progress = context.progress;

  return (
    <div className={`${container} ${page} ${stack}`}>
      <div className={chat.toolbar}>
        <h1 className={heading.page}>{t('title')}</h1>
        <div className={row}>
          <div className={chat.toggle} role="group" aria-label={t('language.label')}>
            {CONVERSATION_LANGUAGES.map((language) => (
              <button
                key={language}
                type="button"
                lang={language}
                className={chat.toggleButton}
                aria-pressed={context.language === language}
                disabled={busy}
                onClick={() => ref.send({ type: 'LANGUAGE', language })}
              >
                {t(`language.${language}`)}
              </button>
            ))}
          </div>
          {phase !== 'choosing' && (
            <button type="button" className={button.secondary} onClick={() => ref.send({ type: 'NEW_INTERVIEW' })} data-testid="assistant-new">
              {t('newInterview')}
            </button>
          )}
          <Link to={ROUTES.home} className={button.ghost}>
            {t('home')}
          </Link>
        </div>
      </div>
      <p className={muted}>{t('intro')}</p>

      {phase === 'choosing' && (
        <section className={stack} aria-labelledby="assistant-choose">
          <h2 id="assistant-choose" className={heading.section}>
            {t('choose.title')}
          </h2>
          <div className={chat.choices}>
            {(['ds160', 'esta'] as const).map((kind) => (
              <button key={kind} type="button" className={`${button.primary} ${chat.choice}`} disabled={busy} onClick={() => ref.send({ type: 'START', kind })} data-testid={`assistant-start-${kind}`}>
                {t(`choose.${kind}`)}
                <span className={chat.choiceHint}>{t(`choose.${kind}Hint`)}</span>
              </button>
            ))}
          </div>
        </section>
      )}

      {(context.lines.length > 0 || phase !== 'choosing') && (
        <section className={chat.panel} aria-label={t('conversation')}>
          {progress && (
            <div className={stack} style={{ padding: '12px 16px 0' }}>
              <span className={muted}>{t('progress', { current: Math.min(progress.answered + 1, progress.total), total: progress.total })}</span>
              <div className={progressTrack} role="progressbar" aria-label={t('progressLabel')} aria-valuemin={0} aria-valuemax={progress.total} aria-valuenow={progress.answered}>
                <ProgressFill fraction={progress.answered / progress.total} />
              </div>
            </div>
          )}
          <ChatLog
            label={t('conversation')}
            testId="assistant-log"
            field={context.question?.id}
            speakers={{ user: t('you'), assistant: t('assistant'), system: t('system') }}
            lines={context.lines.map((line) => ({ role: line.role, body: lineText(line) }))}
            pending={busy ? t('thinking') : null}
          />
          {answering && (context.quick.length > 0 || (context.question?.options?.length ?? 0) > 0) && (
            <div className={chat.options} role="group" aria-label={t('input.options')}>
              {(context.quick.length > 0 ? context.quick : (context.question?.options ?? []).map((o) => o.label)).map((label) => (
                <button key={label} type="button" className={button.secondary} data-testid="assistant-option" onClick={() => ref.send({ type: 'CHOOSE', value: label })}>
                  {label}
                </button>
              ))}
            </div>
          )}
          {phase !== 'done' && (
            <AiNotice chat="assistant">
              <form
                className={chat.composer}
                onSubmit={(event) => {
                  event.preventDefault();
                  ref.send({ type: 'SUBMIT' });
                }}
              >
                <label htmlFor="assistant-answer" className="visually-hidden">
                  {t('input.label')}
                </label>
                <input
                  id="assistant-answer"
                  ref={field}
                  className={`${inputClass} ${chat.composerInput}`}
                  value={context.draft}
                  disabled={!answering}
                  placeholder={answering ? t('input.placeholder') : t('input.waiting')}
                  autoComplete="off"
                  enterKeyHint="send"
                  onChange={(event) => ref.send({ type: 'DRAFT', value: event.target.value })}
                />
                {stalled ? (
                  <button type="button" className={button.secondary} onClick={() => ref.send({ type: 'RETRY' })}>
                    {t('retry')}
                  </button>
                ) : (
                  <button type="submit" className={button.primary} disabled={!answering || context.draft.trim() === ''}>
                    {t('input.send')}
                  </button>
                )}
              </form>
            </AiNotice>
          )}
        </section>
      )}

      {phase === 'done' && (
        <div className={stack} data-testid="assistant-done">
          <p className={chat.bubble.assistant} role="status">
            {context.completion}
          </p>
          {context.checkoutUrls && <PlanCards urls={context.checkoutUrls} prices={context.checkoutPrices} kind={context.kind ?? 'ds160'} />}
        </div>
      )}
    </div>
  );
}
