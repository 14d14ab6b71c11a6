import { useSelector } from '@xstate/react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { conversationFullOf } from '../../../machines/chat.view';
import { CHAT_SECTION_ORDER } from '../../../machines/domain/chatFields';
import { ROUTES } from '../../../machines/domain/routes';
import { SECTIONS_SESSION_KEY, sectionCount, sectionsChatMachine, type SectionsChatInput, type SectionsLine } from '../../../machines/sectionsChat.machine';
import { makeSectionsChatActors } from '../../api/actors/sectionsChat';
import { fetchTransport } from '../../api/transport';
import { useSiteData } from '../../app/siteData';
import { useLanguage } from '../../app/AppContext';
import { browserChatId, writeStorage } from '../../app/storage';
import { useLegacyFlow } from '../../app/useLegacyFlow';
import { usePageMeta } from '../../app/usePageMeta';
import * as chat from '../../components/chat/chat.css';
import { ChatLog } from '../../components/chat/ChatLog';
import { ChatFoot } from '../../components/chat/ChatFoot';
import { words } from '../../components/chat/words';
import { ProgressFill } from '../../components/wizard/ProgressFill';
import { progressTrack } from '../../components/wizard/wizard.css';
import { badge, button, card, container, heading, muted, page, stack } from '../../styles/ui.css';
import * as css from '../aivisa/aivisa.css';

const machine = sectionsChatMachine.provide({ actors: makeSectionsChatActors(fetchTransport) });
const LANGUAGES = ['es', 'en', 'fr', 'pt'];

/** Arriving from the visa wizard starts a new form with what it sent; otherwise the conversation goes on. */
function conversationId(fresh: boolean): string {
  if (fresh) writeStorage('local', SECTIONS_SESSION_KEY, null);
  return browserChatId(SECTIONS_SESSION_KEY);
}

/** The intelligent chat (spec 3-ai §2.7, §4.6): five sections with progress, the chat, the final analysis. */
export default function AiChatSectionsPage() {
  const { t } = useTranslation('sections');
  const { branding } = useSiteData();
  usePageMeta('chat', branding.brandName);
  const [params] = useSearchParams();
  const { language: interfaceLanguage } = useLanguage();
  const [input] = useState<SectionsChatInput>(() => ({
    sessionId: conversationId(Boolean(params.get('country'))),
    // ?lang, else the interface's language (issue 32: a French interface gets a French chat).
    language: LANGUAGES.includes(params.get('lang') ?? '') ? (params.get('lang') as string) : LANGUAGES.includes(interfaceLanguage) ? interfaceLanguage : 'es',
    country: params.get('country'),
    purpose: params.get('purpose'),
    visaType: params.get('visaType'),
  }));
  const ref = useLegacyFlow(machine, input);
  const context = useSelector(ref, (s) => s.context);
  const busy = useSelector(ref, (s) => s.hasTag('busy'));
  const streaming = useSelector(ref, (s) => s.matches('replying'));
  const full = useSelector(ref, conversationFullOf);
  const field = useRef<HTMLInputElement>(null);
  const percent = context.progress.totalProgress;

  useEffect(() => {
    if (!busy) field.current?.focus();
  }, [busy]);

  const lineText = (line: SectionsLine) => (line.role === 'system' ? t(line.key) : line.role === 'assistant' ? words(line.content) : line.content);
  const analysis = context.analysis;

  return (
    <div className={`${container} ${page} ${css.layout}`}>
      <aside className={`${card} ${stack} ${css.sidebar}`} aria-labelledby="sections-progress">
        <h2 id="sections-progress" className={heading.section}>
          {t('progress', { percent })}
        </h2>
        <div className={progressTrack} role="progressbar" aria-label={t('progressLabel')} aria-valuemin={0} aria-valuemax={100} aria-valuenow={percent}>
          <ProgressFill fraction={percent / 100} />
        </div>
        <ol className={`${chat.bareList} ${stack}`} data-testid="sections-list">
          {CHAT_SECTION_ORDER.map((section) => {
            const { filled, total } = sectionCount(context.progress, section);
            const done = context.progress.completedSections.includes(section);
            const current = context.progress.currentSection === section;
            return (
              <li key={section} className={css.fact} data-section={section} data-state={done ? 'completed' : current ? 'current' : 'pending'} aria-current={current ? 'step' : undefined}>
                <strong>{t(`sections.${section}`)}</strong>
                <span className={muted}>
                  {t('sectionCount', { filled, total })}
                  {done ? ` · ${t('completed')}` : current ? ` · ${t('current')}` : ''}
                </span>
              </li>
            );
          })}
        </ol>
        <Link to={ROUTES.ds160Wizard} className={button.secondary} onClick={() => ref.send({ type: 'OPEN', to: ROUTES.ds160Wizard })} data-testid="sections-to-form">
          {t('toForm')}
        </Link>
        <Link to={ROUTES.home} className={button.ghost}>
          {t('home')}
        </Link>
      </aside>

      <div className={stack}>
        <h1 className={heading.page}>{t('title')}</h1>
        <p className={muted}>{t('intro')}</p>
        <section className={chat.panel} aria-label={t('conversation')}>
          <ChatLog
            label={t('conversation')}
            testId="sections-log"
            lang={context.language}
            speakers={{ user: t('you'), assistant: t('assistant'), system: t('assistant') }}
            lines={context.lines.map((line) => ({ role: line.role, body: lineText(line) }))}
            pending={streaming ? (context.partial ? words(context.partial) : t('writing')) : null}
          />
          {context.quick.length > 0 && !busy && !full && (
            <div className={chat.options} role="group" aria-label={t('quick')}>
              {context.quick.map((q) => (
                <button key={q} type="button" className={button.secondary} onClick={() => ref.send({ type: 'SEND', text: q })} data-testid="sections-quick">
                  {q}
                </button>
              ))}
            </div>
          )}
          <ChatFoot chat="sections" id="sections-answer" notice="sections" ns="sections" ref={field} full={full} busy={busy} draft={context.draft} send={ref.send} />
        </section>

        {analysis && (
          <section className={`${card} ${stack}`} aria-labelledby="sections-analysis" data-testid="sections-analysis">
            <h2 id="sections-analysis" className={heading.section}>
              {t('analysis.title')}
            </h2>
            <p className={chat.toolbar}>
              {analysis.hasErrors && <span className={badge.danger}>{t('analysis.errors', { count: analysis.errors.length })}</span>}
              {analysis.hasWarnings && <span className={badge.warning}>{t('analysis.warnings', { count: analysis.warnings.length })}</span>}
              {!analysis.hasErrors && !analysis.hasWarnings && <span className={badge.success}>{t('analysis.none')}</span>}
            </p>
            <p lang={context.language}>{analysis.analysis}</p>
            <ul lang={context.language}>
              {[...analysis.errors, ...analysis.warnings].map((finding) => (
                <li key={`${finding.field}-${finding.code}`} data-code={finding.code}>
                  {finding.message}
                </li>
              ))}
            </ul>
          </section>
        )}
      </div>
    </div>
  );
}
