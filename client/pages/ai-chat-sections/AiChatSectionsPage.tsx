import { shallowEqual, useSelector } from '@xstate/react';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { FORM_ADDRESS, sectionsChatFlow, sectionsView, type SectionsLine } from '../../../machines/sectionsChat.view';
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
import { badge, button, card, container, heading, muted, page, stack } from '../../styles/ui.css';
import * as css from '../aivisa/aivisa.css';

/** The intelligent chat (spec 3-ai §2.7, §4.6): five sections with progress, the chat, the final analysis. */
export default function AiChatSectionsPage() {
  const { t } = useTranslation('sections');
  const { branding } = useSiteData();
  usePageMeta('chat', branding.brandName);
  const ref = useFlow(sectionsChatFlow);
  const view = useSelector(ref, sectionsView, shallowEqual);
  const { busy, streaming, full, percent, analysis } = view;
  const field = useRef<HTMLInputElement>(null);

  useEffect(() => {
    if (!busy) field.current?.focus();
  }, [busy]);

  const lineText = (line: SectionsLine) => (line.role === 'system' ? t(line.key) : line.role === 'assistant' ? words(line.content) : line.content);

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
          {view.sections.map(({ section, filled, total, state }) => (
            <li key={section} className={css.fact} data-section={section} data-state={state} aria-current={state === 'current' ? 'step' : undefined}>
              <strong>{t(`sections.${section}`)}</strong>
              <span className={muted}>
                {t('sectionCount', { filled, total })}
                {state === 'completed' ? ` · ${t('completed')}` : state === 'current' ? ` · ${t('current')}` : ''}
              </span>
            </li>
          ))}
        </ol>
        <Link to={FORM_ADDRESS} className={button.secondary} onClick={() => ref.send({ type: 'OPEN', to: FORM_ADDRESS })} data-testid="sections-to-form">
          {t('toForm')}
        </Link>
        <Link route="home" className={button.ghost}>
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
            lang={view.language}
            speakers={{ user: t('you'), assistant: t('assistant'), system: t('assistant') }}
            lines={view.lines.map((line) => ({ role: line.role, body: lineText(line) }))}
            pending={streaming ? (view.partial ? words(view.partial) : t('writing')) : null}
          />
          {view.quick.length > 0 && (
            <div className={chat.options} role="group" aria-label={t('quick')}>
              {view.quick.map((q) => (
                <button key={q} type="button" className={button.secondary} onClick={() => ref.send({ type: 'SEND', text: q })} data-testid="sections-quick">
                  {q}
                </button>
              ))}
            </div>
          )}
          <ChatFoot chat="sections" id="sections-answer" notice="sections" ns="sections" ref={field} full={full} busy={busy} draft={view.draft} send={ref.send} />
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
            <p lang={view.language}>{analysis.analysis}</p>
            <ul lang={view.language}>
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
