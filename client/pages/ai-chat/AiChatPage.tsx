import { useSelector } from '@xstate/react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { conversationFullOf } from '../../../machines/chat.view';
import { AGENT_LANGUAGES, AGENT_SESSION_KEY, agentChatMachine, agentPhaseOf, type AgentLine } from '../../../machines/agentChat.view';
import { findCountry } from '../../../machines/domain/countries';
import { ROUTES } from '../../../machines/domain/routes';
import { makeAgentChatActors } from '../../api/actors/agentChat';
import { fetchTransport } from '../../api/transport';
import { useSiteData } from '../../app/siteData';
import { browserChatId } from '../../app/storage';
import { useLegacyFlow } from '../../app/useLegacyFlow';
import { usePageMeta } from '../../app/usePageMeta';
import * as chat from '../../components/chat/chat.css';
import { ChatLog } from '../../components/chat/ChatLog';
import { ChatFoot } from '../../components/chat/ChatFoot';
import { words } from '../../components/chat/words';
import { ProgressFill } from '../../components/wizard/ProgressFill';
import { progressTrack } from '../../components/wizard/wizard.css';
import { button, card, container, heading, muted, page, row, stack } from '../../styles/ui.css';
import * as css from '../aivisa/aivisa.css';


const machine = agentChatMachine.provide({ actors: makeAgentChatActors(fetchTransport) });
const STEPS = ['country', 'purpose', 'name', 'email', 'phone'] as const;

/** The language-select-then-chat page (spec 3-ai §2.6, §4.5): a consular assistant, progress, the next steps. */
export default function AiChatPage() {
  const { t } = useTranslation(['agent', 'ds160form']);
  const { branding } = useSiteData();
  usePageMeta('chat', branding.brandName);
  const [input] = useState(() => ({ sessionId: browserChatId(AGENT_SESSION_KEY) }));
  const ref = useLegacyFlow(machine, input);
  const context = useSelector(ref, (s) => s.context);
  const phase = useSelector(ref, agentPhaseOf);
  const busy = useSelector(ref, (s) => s.hasTag('busy'));
  const streaming = useSelector(ref, (s) => s.matches('sending'));
  const full = useSelector(ref, conversationFullOf);
  const field = useRef<HTMLInputElement>(null);
  const session = context.session;
  const done = session ? STEPS.filter((s) => session[s]).length : 0;
  const lastAssistant = context.lines.map((l) => l.role).lastIndexOf('assistant');
  // What was collected, said back in the conversation's language (issue 32): 'Tourisme', 'Brésil', not 'tourism'.
  const spoken = context.language ?? 'es';
  const shown = (step: (typeof STEPS)[number], value: string | undefined): string => {
    if (!value) return '—';
    if (step === 'country') {
      const code = findCountry(value)?.code;
      return (code && new Intl.DisplayNames([spoken], { type: 'region' }).of(code)) || value;
    }
    return step === 'purpose' ? t(`purposes.${value}`, { lng: spoken, defaultValue: t(`purposes.${value}`, { defaultValue: value }) }) : value;
  };

  useEffect(() => {
    if (!busy && phase === 'chat') field.current?.focus();
  }, [busy, phase]);

  const body = (line: AgentLine, index: number) => {
    if (line.role === 'system') return t(line.key);
    if (line.role === 'user') return line.content;
    const buttons = index === lastAssistant ? (line.buttons ?? []) : [];
    return (
      <span className={stack}>
        <span>{words(line.content)}</span>
        {buttons.length > 0 && (
          <span className={row} role="group" aria-label={t('quick')}>
            {buttons.map((b) =>
              b.action === 'link' && b.url ? (
                <Link key={b.text} to={b.url} className={button.secondary} data-testid="agent-link" onClick={() => ref.send({ type: 'OPEN', to: b.url as string })}>
                  {b.text}
                </Link>
              ) : (
                <button key={b.text} type="button" className={button.secondary} disabled={busy} onClick={() => ref.send({ type: 'SEND', text: b.text })} data-testid="agent-option">
                  {b.text}
                </button>
              ),
            )}
          </span>
        )}
      </span>
    );
  };

  return (
    <div className={`${container} ${page} ${css.layout}`}>
      <aside className={`${card} ${stack} ${css.sidebar}`} aria-labelledby="agent-progress">
        <h2 id="agent-progress" className={heading.section}>
          {t('progress.title')}
        </h2>
        <span className={muted} data-testid="agent-steps">
          {t('progress.steps', { done, total: STEPS.length })}
        </span>
        <div className={progressTrack} role="progressbar" aria-label={t('progress.title')} aria-valuemin={0} aria-valuemax={STEPS.length} aria-valuenow={done}>
          <ProgressFill fraction={done / STEPS.length} />
        </div>
        <ul className={`${chat.bareList} ${stack}`}>
          {STEPS.map((step) => (
            <li key={step} className={css.fact} data-step={step} data-done={Boolean(session?.[step])}>
              <span className={muted}>{t(`steps.${step}`)}</span>
              <span className={css.factValue} data-value={session?.[step] ?? ''}>
                {shown(step, session?.[step])}
              </span>
            </li>
          ))}
        </ul>
        {context.sections.length > 0 && (
          <>
            <h3 className={css.subheading}>{t('progress.sections')}</h3>
            {context.progress && <span className={muted}>{t('progress.sectionsCount', { completed: context.progress.completed, total: context.progress.total })}</span>}
            <ol className={`${chat.bareList} ${stack}`} data-testid="agent-sections">
              {context.sections.map((s) => {
                const completed = context.progress?.sections.find((p) => p.id === s.id)?.isCompleted ?? false;
                return (
                  <li key={s.id} data-section={s.id} data-completed={completed}>
                    {completed ? '✓ ' : '○ '}
                    {t(`ds160form:sections.${s.id}.title`, { defaultValue: s.title })}
                  </li>
                );
              })}
            </ol>
          </>
        )}
        {session?.readyForCheckout && session.checkoutUrl && (
          <Link to={session.checkoutUrl} className={button.primary} data-testid="agent-pay">
            {t('pay')}
          </Link>
        )}
        <Link to={ROUTES.aiVisa} className={button.ghost}>
          {t('links.aivisa')}
        </Link>
        <Link to={ROUTES.ds160Wizard} className={button.ghost} onClick={() => ref.send({ type: 'OPEN', to: ROUTES.ds160Wizard })}>
          {t('links.ds160')}
        </Link>
      </aside>

      <div className={stack}>
        <h1 className={heading.page}>{t('title')}</h1>
        <p className={muted}>{t('intro')}</p>
        {phase === 'language' ? (
          <section className={`${card} ${stack}`} aria-labelledby="agent-language">
            <h2 id="agent-language" className={heading.section}>
              {t('language.title')}
            </h2>
            <div className={row}>
              {AGENT_LANGUAGES.map((language) => (
                <button key={language} type="button" lang={language} className={button.primary} onClick={() => ref.send({ type: 'CHOOSE_LANGUAGE', language })} data-testid={`agent-language-${language}`}>
                  {t(`language.${language}`)}
                </button>
              ))}
            </div>
          </section>
        ) : (
          <section className={chat.panel} aria-label={t('conversation')}>
            <ChatLog
              label={t('conversation')}
              testId="agent-log"
              lang={context.language ?? undefined}
              speakers={{ user: t('you'), assistant: t('assistant'), system: t('assistant') }}
              lines={context.lines.map((line, i) => ({ role: line.role, body: body(line, i) }))}
              pending={streaming ? (context.partial ? words(context.partial) : t('writing')) : null}
            />
            {phase === 'redirecting' ? (
              <p className={`${muted} ${css.hint}`} role="status">
                {t('redirecting')}
              </p>
            ) : (
              <ChatFoot chat="agent" id="agent-message" notice="ai-chat" ns="agent" ref={field} full={full} busy={busy} draft={context.draft} send={ref.send} />
            )}
          </section>
        )}
      </div>
    </div>
  );
}
