import { shallowEqual, useSelector } from '@xstate/react';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { AGENT_LANGUAGES, AGENT_STEPS as STEPS, agentChatFlow, agentView, FORM_ADDRESS, type AgentLine } from '../../../machines/agentChat.view';
import { Link } from '../../app/Link';
import { useSiteData } from '../../app/siteData';
import { useFlow } from '../../app/useFlow';
import { usePageMeta } from '../../app/usePageMeta';
import * as chat from '../../components/chat/chat.css';
import { ChatLog } from '../../components/chat/ChatLog';
import { ChatFoot } from '../../components/chat/ChatFoot';
import { words } from '../../components/chat/words';
import { ProgressFill } from '../../components/wizard/ProgressFill';
import { progressTrack } from '../../components/wizard/wizard.css';
import { button, card, container, heading, muted, page, row, stack } from '../../styles/ui.css';
import * as css from '../aivisa/aivisa.css';



/** The language-select-then-chat page (spec 3-ai §2.6, §4.5): a consular assistant, progress, the next steps. */
export default function AiChatPage() {
  const { t } = useTranslation(['agent', 'ds160form']);
  const { branding } = useSiteData();
  usePageMeta('chat', branding.brandName);
  const ref = useFlow(agentChatFlow);
  const view = useSelector(ref, agentView, shallowEqual);
  const { phase, busy, streaming, full, session, done, lastAssistant, spoken, countryCode } = view;
  const field = useRef<HTMLInputElement>(null);
  // What was collected, said back in the conversation's language (issue 32): 'Tourisme', 'Brésil', not 'tourism'.
  const shown = (step: (typeof STEPS)[number], value: string | undefined): string => {
    if (!value) return '—';
    if (step === 'country') return (countryCode && new Intl.DisplayNames([spoken], { type: 'region' }).of(countryCode)) || value;
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
        {view.sections.length > 0 && (
          <>
            <h3 className={css.subheading}>{t('progress.sections')}</h3>
            {view.progress && <span className={muted}>{t('progress.sectionsCount', { completed: view.progress.completed, total: view.progress.total })}</span>}
            <ol className={`${chat.bareList} ${stack}`} data-testid="agent-sections">
              {view.sections.map((s) => (
                <li key={s.id} data-section={s.id} data-completed={s.completed}>
                  {s.completed ? '✓ ' : '○ '}
                  {t(`ds160form:sections.${s.id}.title`, { defaultValue: s.title })}
                </li>
              ))}
            </ol>
          </>
        )}
        {view.checkoutUrl && (
          <Link to={view.checkoutUrl} className={button.primary} data-testid="agent-pay">
            {t('pay')}
          </Link>
        )}
        <Link route="aiVisa" className={button.ghost}>
          {t('links.aivisa')}
        </Link>
        <Link to={FORM_ADDRESS} className={button.ghost} onClick={() => ref.send({ type: 'OPEN', to: FORM_ADDRESS })}>
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
              lang={view.language ?? undefined}
              speakers={{ user: t('you'), assistant: t('assistant'), system: t('assistant') }}
              lines={view.lines.map((line, i) => ({ role: line.role, body: body(line, i) }))}
              pending={streaming ? (view.partial ? words(view.partial) : t('writing')) : null}
            />
            {phase === 'redirecting' ? (
              <p className={`${muted} ${css.hint}`} role="status">
                {t('redirecting')}
              </p>
            ) : (
              <ChatFoot chat="agent" id="agent-message" notice="ai-chat" ns="agent" ref={field} full={full} busy={busy} draft={view.draft} send={ref.send} />
            )}
          </section>
        )}
      </div>
    </div>
  );
}
