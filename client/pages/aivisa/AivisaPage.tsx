import { useSelector } from '@xstate/react';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { conversationFullOf } from '../../../machines/chat.view';
import { AIVISA_SESSION_KEY, aivisaChatMachine, aivisaView, type ChatLine, type StateUpdate } from '../../../machines/aivisaChat.view';
import { parseReply } from '../../../machines/domain/chatMarkers';
import { ROUTES } from '../../../machines/domain/routes';
import { saveChatLead } from '../../../openapi/routes/leads';
import { makeAivisaActors } from '../../api/actors/aivisa';
import { call } from '../../api/call';
import { fetchTransport } from '../../api/transport';
import { useLanguage } from '../../app/AppContext';
import { useFormat } from '../../app/format';
import { useSiteData } from '../../app/siteData';
import { browserChatId } from '../../app/storage';
import { useLegacyFlow } from '../../app/useLegacyFlow';
import { usePageMeta } from '../../app/usePageMeta';
import * as chat from '../../components/chat/chat.css';
import { Dialog } from '../../components/Dialog';
import { ChatLog } from '../../components/chat/ChatLog';
import { ConversationFull } from '../../components/chat/ConversationFull';
import { PlanCards } from '../../components/chat/PlanCards';
import { words } from '../../components/chat/words';
import { ProgressFill } from '../../components/wizard/ProgressFill';
import { progressTrack } from '../../components/wizard/wizard.css';
import { button, card, container, heading, input as inputClass, muted, page, stack } from '../../styles/ui.css';
import { InlineInput } from './InlineInput';
import * as css from './aivisa.css';


/** Spec 3-ai §4.4: a lead save that fails is only logged. */
function saveLead(state: StateUpdate): void {
  if (!state.email) return;
  call(fetchTransport, saveChatLead, { body: { ...state, email: state.email } }).catch((error: unknown) => console.warn('The lead could not be saved', error));
}

const machine = aivisaChatMachine.provide({ actors: makeAivisaActors(fetchTransport), actions: { saveLead: (_, { state }) => saveLead(state) } });

const SIDEBAR_FIELDS = ['citizenship_country', 'trip_purpose', 'product_recommendation', 'email', 'firstName', 'lastName', 'dateOfBirth', 'passportNumber', 'passportExpiry', 'arrivalDate', 'departureDate'];

/** The advanced chat (spec 3-ai §2.5, §4.4): the sidebar of progress and what was collected, the chat, the paywall. */
export default function AivisaPage() {
  // The plan names of an offer come from the plan cards' namespace.
  const { t } = useTranslation(['aivisa', 'aiassistant']);
  const { language } = useLanguage();
  const { branding } = useSiteData();
  const format = useFormat();
  usePageMeta('chat', branding.brandName);
  const [input] = useState(() => ({ sessionId: browserChatId(AIVISA_SESSION_KEY), language }));
  const ref = useLegacyFlow(machine, input);
  const context = useSelector(ref, (s) => s.context);
  const busy = useSelector(ref, aivisaView.busy);
  const canSend = useSelector(ref, aivisaView.canSend);
  const streaming = useSelector(ref, (s) => s.matches('sending'));
  const locked = useSelector(ref, aivisaView.locked);
  const paywallOpen = useSelector(ref, aivisaView.paywallOpen);
  const kind = useSelector(ref, aivisaView.planKind);
  const full = useSelector(ref, conversationFullOf);
  const field = useRef<HTMLTextAreaElement>(null);
  const percent = context.application.readiness;

  useEffect(() => {
    if (!busy && !locked) field.current?.focus();
  }, [busy, locked]);

  const lastAssistant = useMemo(() => context.lines.map((l) => l.role).lastIndexOf('assistant'), [context.lines]);
  const send = (text?: string) => ref.send(text === undefined ? { type: 'SEND' } : { type: 'SEND', text });
  const collected = SIDEBAR_FIELDS.filter((f) => context.application.collected[f]);
  // Countries and purposes in the page's language; dates as the page's language writes them (client/app/format.ts).
  const shown = (field: string, value: string) => {
    if (field === 'citizenship_country') return format.country(value);
    if (field === 'trip_purpose') return t(`purposes.${value}`, { defaultValue: value });
    return format.date(value);
  };

  const renderLine = (line: ChatLine, index: number) => {
    if (line.role === 'system') return t(line.key);
    if (line.role === 'user') return line.content;
    const live = index === lastAssistant && !busy && !locked;
    return (
      <span className={stack}>
        {parseReply(line.content).map((part, i) =>
          part.kind === 'text' ? (
            <span key={i}>{part.text}</span>
          ) : part.kind === 'input' ? (
            live ? (
              <InlineInput
                key={i}
                type={part.type}
                label={part.label}
                value={context.inline.value}
                error={context.inline.error}
                onChange={(value) => ref.send({ type: 'INLINE.CHANGE', value })}
                onSubmit={() => ref.send({ type: 'INLINE.SUBMIT', inputType: part.type })}
              />
            ) : null
          ) : (
            <button key={i} type="button" className={button.primary} disabled={busy} onClick={() => ref.send({ type: 'CHOOSE_PLAN', plan: part.plan })} data-testid={`offer-${part.plan}`}>
              {t('offer', { plan: t(`aiassistant:plans.${['basic', 'pro', 'elite'].includes(part.plan) ? part.plan : 'pro'}`) })}
            </button>
          ),
        )}
      </span>
    );
  };

  return (
    <div className={`${container} ${page} ${css.layout}`}>
      <aside className={`${card} ${stack} ${css.sidebar}`} aria-labelledby="aivisa-application">
        <h2 id="aivisa-application" className={heading.section}>
          {t('application')}
        </h2>
        <span className={muted} data-testid="aivisa-readiness">
          {t('readiness', { percent })}
        </span>
        <div className={progressTrack} role="progressbar" aria-label={t('readinessLabel')} aria-valuemin={0} aria-valuemax={100} aria-valuenow={percent}>
          <ProgressFill fraction={percent / 100} />
        </div>
        <h3 className={css.subheading}>{t('collected')}</h3>
        {collected.length === 0 ? (
          <p className={muted}>{t('nothingYet')}</p>
        ) : (
          <dl className={css.facts} data-testid="aivisa-collected">
            {collected.map((f) => (
              <div key={f} className={css.fact} data-field={f} data-value={context.application.collected[f]}>
                <dt className={muted}>{t(`fields.${f}`)}</dt>
                <dd className={css.factValue}>{shown(f, context.application.collected[f] as string)}</dd>
              </div>
            ))}
          </dl>
        )}
        {locked && !paywallOpen && (
          <button type="button" className={button.primary} onClick={() => ref.send({ type: 'OPEN_PAYWALL' })}>
            {t('paywall.seePlans')}
          </button>
        )}
        <Link to={ROUTES.home} className={button.ghost}>
          {t('back')}
        </Link>
      </aside>

      <div className={stack}>
        <h1 className={heading.page}>{t('title')}</h1>
        <p className={muted}>{t('intro')}</p>
        <section className={chat.panel} aria-label={t('conversation')}>
          <ChatLog
            label={t('conversation')}
            testId="aivisa-log"
            speakers={{ user: t('you'), assistant: t('assistant'), system: t('assistant') }}
            lines={context.lines.map((line, i) => ({ role: line.role, body: renderLine(line, i) }))}
            pending={streaming ? (context.partial ? words(context.partial) : t('writing')) : null}
          />
          {context.suggestions.length > 0 && !busy && (
            <div className={chat.options} role="group" aria-label={t('quick')}>
              {context.suggestions.map((s) => (
                <button key={s} type="button" className={button.secondary} onClick={() => send(s)} data-testid="aivisa-suggestion">
                  {s}
                </button>
              ))}
            </div>
          )}
          <ConversationFull chat="aivisa" full={full} busy={busy} onFresh={() => ref.send({ type: 'FRESH' })}>
            <form
              className={chat.composer}
              onSubmit={(event) => {
                event.preventDefault();
                send();
              }}
            >
              <label htmlFor="aivisa-message" className="visually-hidden">
                {t('composer.label')}
              </label>
              <textarea
                id="aivisa-message"
                ref={field}
                rows={2}
                className={`${inputClass} ${chat.composerInput}`}
                value={context.draft}
                disabled={locked}
                placeholder={locked ? t('composer.locked') : t('composer.placeholder')}
                aria-describedby="aivisa-hint"
                onChange={(event) => ref.send({ type: 'DRAFT', value: event.target.value })}
                onKeyDown={(event) => {
                  // Spec 3-ai §5: Ctrl/Cmd+Enter sends; Enter alone makes a new line.
                  if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
                    event.preventDefault();
                    send();
                  }
                }}
              />
              <button type="submit" className={button.primary} disabled={!canSend}>
                {t('composer.send')}
              </button>
            </form>
            <p id="aivisa-hint" className={`${muted} ${css.hint}`}>
              {t('composer.hint')}
            </p>
          </ConversationFull>
        </section>
      </div>

      <Dialog open={paywallOpen} labelledBy="aivisa-paywall-title" onClose={() => ref.send({ type: 'CLOSE_PAYWALL' })} size="wide" testId="aivisa-paywall">
        <div className={stack}>
          <h2 id="aivisa-paywall-title" className={heading.section}>
            {t('paywall.title')}
          </h2>
          <p>{t('paywall.description')}</p>
          <PlanCards kind={kind} busy={busy} onChoose={(plan) => ref.send({ type: 'CHOOSE_PLAN', plan })} />
          <div>
            <button type="button" className={button.secondary} onClick={() => ref.send({ type: 'CLOSE_PAYWALL' })} data-testid="aivisa-later">
              {t('paywall.later')}
            </button>
          </div>
        </div>
      </Dialog>
    </div>
  );
}
