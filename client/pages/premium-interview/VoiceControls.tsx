import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { InterviewLanguage } from '../../../machines/premiumInterview.machine';
import { voiceControlsMachine } from '../../../machines/voiceControls.machine';
import { makeVoiceActors } from '../../api/actors/voice';
import { fetchTransport } from '../../api/transport';
import { createAudioDevice } from '../../app/audioDevice';
import { inspect } from '../../app/inspect';
import { ProgressFill } from '../../components/wizard/ProgressFill';
import { progressTrack } from '../../components/wizard/wizard.css';
import { button, muted, row, stack } from '../../styles/ui.css';
import * as css from './premium.css';

interface Props {
  language: InterviewLanguage;
  question: string;
  onTranscribed: (text: string) => void;
  onAlert: (alert: 'transcribeFailed' | 'sttUnavailable') => void;
}

/** The voice interview's audio controls (spec 3-ai §2.9): Listen, mute, record and stop with REC and a live level. */
export function VoiceControls({ language, question, onTranscribed, onAlert }: Props) {
  const { t } = useTranslation('premium', { lng: language });
  const device = useMemo(() => createAudioDevice(), []);
  const latest = useRef({ onTranscribed, onAlert });
  latest.current = { onTranscribed, onAlert };
  const machine = useMemo(
    () =>
      voiceControlsMachine.provide({
        actors: makeVoiceActors(fetchTransport, device),
        actions: {
          transcribed: (_, { text }) => latest.current.onTranscribed(text),
          alert: (_, { alert }) => latest.current.onAlert(alert),
          // Microphone denial and playback failures are only logged (spec 3-ai §8).
          log: (_, { what, error }) => console.warn(`voice ${what}:`, error),
        },
      }),
    [device],
  );
  const inspector = inspect();
  const ref = useActorRef(machine, { input: { language }, ...(inspector ? { inspect: inspector } : {}) });
  const audioBusy = useSelector(ref, (s) => s.hasTag('audioBusy'));
  const generating = useSelector(ref, (s) => s.matches({ playback: 'generating' }));
  const muted_ = useSelector(ref, (s) => s.matches({ sound: 'off' }));
  const mic = useSelector(ref, (s) => s.value.microphone);
  const recording = mic === 'recording';
  const [level, setLevel] = useState(0);

  // The microphone is asked for on entering the interview (spec 3-ai §4.7), and let go on leaving it.
  useEffect(() => {
    ref.send({ type: 'MIC.REQUEST' });
    return () => device.release();
  }, [ref, device]);

  const preview = useSelector(ref, (s) => s.context.transcript);
  // A new question starts without the last answer's transcription.
  useEffect(() => ref.send({ type: 'QUESTION.CHANGE' }), [ref, question]);

  useEffect(() => {
    if (!recording) return setLevel(0);
    let frame = requestAnimationFrame(function tick() {
      setLevel(device.level());
      frame = requestAnimationFrame(tick);
    });
    return () => cancelAnimationFrame(frame);
  }, [recording, device]);

  return (
    <div className={`${stack} ${css.voice}`} data-testid="voice-controls">
      <div className={row}>
        <button type="button" className={button.secondary} disabled={audioBusy || muted_} aria-busy={generating} onClick={() => ref.send({ type: 'LISTEN', text: question })}>
          {generating ? t('voice.generating') : audioBusy ? t('voice.playing') : t('voice.listen')}
        </button>
        <button type="button" className={button.ghost} aria-pressed={muted_} onClick={() => ref.send({ type: muted_ ? 'UNMUTE' : 'MUTE' })}>
          {muted_ ? t('voice.unmute') : t('voice.mute')}
        </button>
        {recording ? (
          <button type="button" className={button.primary} onClick={() => ref.send({ type: 'STOP' })}>
            {t('voice.stop')}
          </button>
        ) : (
          <button type="button" className={button.primary} disabled={mic !== 'ready'} aria-busy={mic === 'transcribing'} onClick={() => ref.send({ type: 'RECORD' })}>
            {mic === 'transcribing' ? t('voice.transcribing') : t('voice.record')}
          </button>
        )}
        {recording && (
          <span className={css.rec} data-testid="voice-rec">
            REC
          </span>
        )}
      </div>
      {recording && (
        <div className={progressTrack} role="meter" aria-label={t('voice.level')} aria-valuemin={0} aria-valuemax={100} aria-valuenow={level} data-testid="voice-level">
          <ProgressFill fraction={level / 100} />
        </div>
      )}
      {mic === 'denied' && <p className={muted}>{t('voice.noMicrophone')}</p>}
      {preview && (
        <p className={muted} data-testid="voice-preview">
          {t('voice.preview')} {preview}
        </p>
      )}
    </div>
  );
}
