import { shallowEqual, useSelector } from '@xstate/react';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { currentQuestion, isLastQuestion, premiumInterviewMachine, previousFeedback, voiceControlsOf, type InterviewLanguage } from '../../../machines/premiumInterview.machine';
import { premiumViewOf } from '../../../machines/premiumInterview.view';
import { voiceControlsMachine } from '../../../machines/voiceControls.machine';
import { INTERVIEW_LANGUAGES } from '../../../openapi/schemas/premium';
import { makePremiumActors } from '../../api/actors/premium';
import { makeVoiceActors } from '../../api/actors/voice';
import { fetchTransport } from '../../api/transport';
import { createAudioDevice } from '../../app/audioDevice';
import { useLegacyFlow } from '../../app/useLegacyFlow';
import { usePageMeta } from '../../app/usePageMeta';
import { Spinner } from '../../components/Spinner';
import { ProgressFill } from '../../components/wizard/ProgressFill';
import { progressTrack } from '../../components/wizard/wizard.css';
import { badge, button, card, heading, input, label, muted, narrow, notice, page, row, stack } from '../../styles/ui.css';
import { AiNotice } from '../../components/chat/AiNotice';
import * as css from './premium.css';
import { VoiceControls } from './VoiceControls';

const withActors = premiumInterviewMachine.provide({ actors: makePremiumActors(fetchTransport) });
// The theme's warning badge is under AA contrast for small text (see admin.css.ts), so medium risk uses brand.
const RISK_BADGE = { low: badge.success, medium: badge.brand, high: badge.danger } as const;

const interviewLanguage = (value: string | null | undefined): InterviewLanguage | null =>
  (INTERVIEW_LANGUAGES as readonly string[]).includes(value ?? '') ? (value as InterviewLanguage) : null;

/**
 * The premium interview practice (spec 3-ai §2.8, §2.9, §4.7; issues 15, 33): by text at /entrevista2095, and by
 * voice at /intervgpt, where the audio controls join the same interview flow. Its language is the one ?lang names
 * (chosen explicitly), else the interface's, which the header's switch changes; the server says where a reload or
 * the other page continues.
 */
export function PremiumInterview({ voice }: { voice: boolean }) {
  const [params] = useSearchParams();
  const { i18n } = useTranslation();
  const interfaceLanguage = interviewLanguage(i18n.resolvedLanguage ?? i18n.language) ?? 'es';
  const [start] = useState(() => {
    const chosen = interviewLanguage(params.get('lang'));
    return { language: chosen ?? interfaceLanguage, explicit: chosen !== null };
  });
  usePageMeta('other');
  // By voice, the interview's controls get the browser's microphone and speaker (one device for the page).
  const device = useMemo(() => (voice ? createAudioDevice() : null), [voice]);
  const machine = useMemo(
    () =>
      device ? withActors.provide({ actors: { voiceControls: voiceControlsMachine.provide({ actors: makeVoiceActors(fetchTransport, device) }) } }) : withActors,
    [device],
  );
  const ref = useLegacyFlow(machine, start);
  const view = useSelector(ref, premiumViewOf, shallowEqual);
  const voiceControls = useSelector(ref, voiceControlsOf);
  const c = view.context;
  const language = c.language;
  const { t } = useTranslation('premium', { lng: language });
  // The header's language switch: the machine follows it unless the interview's language was chosen explicitly.
  useEffect(() => ref.send({ type: 'LANGUAGE.CHANGE', language: interfaceLanguage }), [ref, interfaceLanguage]);
  const busy = view.busy;
  const question = currentQuestion(c);
  const feedback = previousFeedback(c);
  const answerBox = useRef<HTMLTextAreaElement>(null);
  const alert = c.alert;

  const alertLine = alert && (
    <p role="alert" className={notice.warning} data-testid="premium-alert">
      {t(`alert.${alert.alert}`)}
      {alert.detail ? ` ${alert.detail}` : ''}
    </p>
  );
  const home = (
    <button type="button" className={`${button.ghost} ${css.noPrint}`} onClick={() => ref.send({ type: 'BACK_HOME' })}>
      {t('backHome')}
    </button>
  );

  if (view.screen === 'restoring') {
    return (
      <div className={`${narrow} ${page}`} lang={language}>
        <section className={`${card} ${stack}`} aria-busy="true">
          <h1 className={heading.page}>{t('title')}</h1>
          <Spinner label={t('restoring')} />
        </section>
      </div>
    );
  }

  if (view.screen === 'access') {
    const { verifying } = view;
    return (
      <div className={`${narrow} ${page}`} lang={language}>
        <section className={`${card} ${stack}`} aria-labelledby="premium-title">
          <h1 id="premium-title" className={heading.page}>
            {t('title')}
          </h1>
          <p className={muted}>{t('access.lead')}</p>
          {voice && <p className={notice.info}>{t('voice.requirements')}</p>}
          <form
            className={stack}
            noValidate
            onSubmit={(e) => {
              e.preventDefault();
              ref.send({ type: 'VERIFY' });
            }}
          >
            <div>
              <label htmlFor="premium-code" className={label}>
                {t('access.code')}
              </label>
              <input
                id="premium-code"
                className={input}
                type="password"
                autoComplete="off"
                value={c.code}
                readOnly={verifying}
                placeholder="PREMIUM-00000000-XX"
                onChange={(e) => ref.send({ type: 'CODE.CHANGE', value: e.target.value })}
              />
            </div>
            {alertLine}
            <div className={row}>
              <button type="submit" className={button.primary} disabled={!view.canVerify} aria-busy={verifying}>
                {verifying ? t('access.verifying') : t('access.submit')}
              </button>
              {home}
            </div>
          </form>
        </section>
      </div>
    );
  }

  if (view.screen === 'upload') {
    return (
      <div className={`${narrow} ${page}`} lang={language}>
        <section className={`${card} ${stack}`} aria-labelledby="premium-upload">
          <h1 id="premium-upload" className={heading.page}>
            {t('upload.title')}
          </h1>
          <p className={muted} id="premium-data-hint">
            {t('upload.lead')}
          </p>
          <div>
            <label htmlFor="premium-data" className={label}>
              {t('upload.label')}
            </label>
            <textarea
              id="premium-data"
              className={css.formData}
              aria-describedby="premium-data-hint"
              value={c.formData}
              readOnly={busy}
              placeholder={t('upload.placeholder')}
              onChange={(e) => ref.send({ type: 'DATA.CHANGE', value: e.target.value })}
            />
          </div>
          {alertLine}
          <AiNotice chat="premium">
            <div className={row}>
              <button type="button" className={button.primary} disabled={busy} aria-busy={busy} onClick={() => ref.send({ type: 'PREPARE' })}>
                {view.preparing ? t('upload.analyzing') : t('upload.submit')}
              </button>
              {c.savedApplication && (
                <button type="button" className={button.secondary} disabled={busy} onClick={() => ref.send({ type: 'USE_SAVED' })}>
                  {view.preparingSaved ? t('upload.analyzing') : t('upload.useSaved')}
                </button>
              )}
              {home}
            </div>
          </AiNotice>
        </section>
      </div>
    );
  }

  if (view.screen === 'interview' && question) {
    const n = c.index + 1;
    const total = c.questions.length;
    const last = isLastQuestion(c);
    return (
      <div className={`${narrow} ${page}`} lang={language}>
        <section className={`${card} ${stack}`} aria-labelledby="premium-question">
          <div className={css.meta}>
            <span className={badge.brand}>{question.category}</span>
            <span className={question.difficulty === 'hard' ? badge.danger : question.difficulty === 'easy' ? badge.success : badge.brand} data-testid="premium-difficulty">
              {t(`difficulty.${question.difficulty}`)}
            </span>
            <span className={muted} data-testid="premium-progress">
              {n} / {total}
            </span>
          </div>
          <div className={progressTrack} role="progressbar" aria-label={t('interview.progress')} aria-valuemin={0} aria-valuemax={total} aria-valuenow={n}>
            <ProgressFill fraction={n / total} />
          </div>
          {feedback && (
            <p className={notice[feedback.verdict === 'good' ? 'success' : 'warning']} aria-live="polite" data-testid="premium-feedback" data-verdict={feedback.verdict}>
              <strong>{t('interview.lastAnswer')}</strong> {feedback.feedback}
            </p>
          )}
          <h1 id="premium-question" className={css.question}>
            {question.question}
          </h1>
          <div>
            <h2 className={heading.section}>{t('interview.tips')}</h2>
            <ul>
              {question.tips.map((tip) => (
                <li key={tip}>{tip}</li>
              ))}
            </ul>
          </div>
          {device && voiceControls && (
            <AiNotice chat="voice">
              <VoiceControls voice={voiceControls} language={language} question={question.question} level={device.level} />
            </AiNotice>
          )}
          <form
            className={stack}
            onSubmit={(e) => {
              e.preventDefault();
              ref.send({ type: 'SUBMIT_ANSWER' });
              answerBox.current?.focus();
            }}
          >
            <div>
              <label htmlFor="premium-answer" className={label}>
                {t('interview.answer')}
              </label>
              <textarea
                id="premium-answer"
                ref={answerBox}
                className={css.textarea}
                value={c.answer}
                readOnly={busy}
                onChange={(e) => ref.send({ type: 'ANSWER.CHANGE', value: e.target.value })}
              />
            </div>
            {alertLine}
            <div className={row}>
              <button type="submit" className={button.primary} disabled={!view.canAnswer} aria-busy={busy}>
                {busy ? t('interview.sending') : last ? t('interview.finish') : t('interview.next')}
              </button>
              {home}
            </div>
          </form>
        </section>
      </div>
    );
  }

  const analysis = c.analysis;
  if (view.screen === 'results' && analysis) {
    return (
      <div className={`${narrow} ${page}`} lang={language}>
        <section className={`${card} ${stack}`} aria-labelledby="premium-results">
          <h1 id="premium-results" className={heading.page}>
            {t('results.title')}
          </h1>
          <div className={css.meta}>
            <span className={RISK_BADGE[analysis.riskLevel]} data-testid="premium-risk">
              {t(`results.risk.${analysis.riskLevel}`)}
            </span>
          </div>
          <p className={css.percent} data-testid="premium-probability">
            {t('results.probability', { percent: analysis.successProbability })}
          </p>
          {(['strengths', 'weaknesses'] as const).map((key) => (
            <div key={key}>
              <h2 className={heading.section}>{t(voice && key === 'weaknesses' ? 'results.improvements' : `results.${key}`)}</h2>
              <ul data-testid={`premium-${key}`}>
                {analysis[key].map((item) => (
                  <li key={item}>{item}</li>
                ))}
              </ul>
            </div>
          ))}
          {analysis.findings.length > 0 && (
            <div>
              <h2 className={heading.section}>{t('results.findings')}</h2>
              <ul data-testid="premium-findings">
                {analysis.findings.map((finding) => (
                  <li key={`${finding.code}-${finding.n}`} className={css.summary}>
                    <p>
                      <span className={finding.explained ? badge.success : badge.danger}>{t(finding.explained ? 'results.explained' : 'results.unexplained')}</span>{' '}
                      <strong>
                        {finding.n}. {finding.question}
                      </strong>
                    </p>
                    <p>
                      {t('results.yourAnswer')} {finding.answer ?? t('results.noAnswer')}
                    </p>
                  </li>
                ))}
              </ul>
            </div>
          )}
          <div>
            <h2 className={heading.section}>{t('results.recommendations')}</h2>
            <ol data-testid="premium-recommendations">
              {analysis.recommendations.map((item) => (
                <li key={item}>{item}</li>
              ))}
            </ol>
          </div>
          <div>
            <h2 className={heading.section}>{t('results.summary')}</h2>
            {c.questions.map((q, i) => (
              <div key={q.id} className={css.summary}>
                <p>
                  <strong>
                    {i + 1}. {q.question}
                  </strong>
                </p>
                <p>{c.answers[q.id] || t('results.noAnswer')}</p>
                {analysis.evaluations[q.id] && <p className={muted}>{analysis.evaluations[q.id]?.feedback}</p>}
              </div>
            ))}
          </div>
          {voice && (
            <div>
              <h2 className={heading.section}>{t('results.conclusionTitle')}</h2>
              <p data-testid="premium-conclusion">{t(`results.conclusion.${analysis.riskLevel}`, { percent: analysis.successProbability })}</p>
            </div>
          )}
          <div className={`${row} ${css.noPrint}`}>
            <button type="button" className={button.primary} onClick={() => ref.send({ type: 'PRINT' })}>
              {t(voice ? 'results.printShort' : 'results.print')}
            </button>
            <button type="button" className={button.secondary} onClick={() => ref.send({ type: 'NEW_INTERVIEW' })}>
              {t('results.newInterview')}
            </button>
            {home}
          </div>
        </section>
      </div>
    );
  }
  return null;
}
