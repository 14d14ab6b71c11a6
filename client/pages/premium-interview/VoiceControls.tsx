import { useSelector } from '@xstate/react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { InterviewLanguage, VoiceControlsRef } from '../../../machines/premiumInterview.machine';
import { ProgressFill } from '../../components/wizard/ProgressFill';
import { progressTrack } from '../../components/wizard/wizard.css';
import { button, muted, row, stack } from '../../styles/ui.css';
import * as css from './premium.css';

interface Props {
  /** The interview's voice controls (its child while a question is asked). */
  voice: VoiceControlsRef;
  language: InterviewLanguage;
  question: string;
  /** The microphone's loudness now, 0 to 100, for the level bar. */
  level: () => number;
}

/**
 * The voice interview's audio controls (spec 3-ai §2.9): Listen, mute, record and stop with REC and a live level.
 * They render the interview's child machine, which holds the transcript and hands it to the answer.
 */
export function VoiceControls({ voice, language, question, level: levelNow }: Props) {
  const { t } = useTranslation('premium', { lng: language });
  const audioBusy = useSelector(voice, (s) => s.hasTag('audioBusy'));
  const generating = useSelector(voice, (s) => s.matches({ playback: 'generating' }));
  const muted_ = useSelector(voice, (s) => s.matches({ sound: 'off' }));
  const mic = useSelector(voice, (s) => s.value.microphone);
  const preview = useSelector(voice, (s) => s.context.transcript);
  const recording = mic === 'recording';
  const [level, setLevel] = useState(0);

  // The microphone is asked for on entering the interview (spec 3-ai §4.7); the machine lets it go on leaving it.
  useEffect(() => voice.send({ type: 'MIC.REQUEST' }), [voice]);

  useEffect(() => {
    if (!recording) return setLevel(0);
    let frame = requestAnimationFrame(function tick() {
      setLevel(levelNow());
      frame = requestAnimationFrame(tick);
    });
    return () => cancelAnimationFrame(frame);
  }, [recording, levelNow]);

  return (
    <div className={`${stack} ${css.voice}`} data-testid="voice-controls">
      <div className={row}>
        <button type="button" className={button.secondary} disabled={audioBusy || muted_} aria-busy={generating} onClick={() => voice.send({ type: 'LISTEN', text: question })}>
          {generating ? t('voice.generating') : audioBusy ? t('voice.playing') : t('voice.listen')}
        </button>
        <button type="button" className={button.ghost} aria-pressed={muted_} onClick={() => voice.send({ type: muted_ ? 'UNMUTE' : 'MUTE' })}>
          {muted_ ? t('voice.unmute') : t('voice.mute')}
        </button>
        {recording ? (
          <button type="button" className={button.primary} onClick={() => voice.send({ type: 'STOP' })}>
            {t('voice.stop')}
          </button>
        ) : (
          <button type="button" className={button.primary} disabled={mic !== 'ready'} aria-busy={mic === 'transcribing'} onClick={() => voice.send({ type: 'RECORD' })}>
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
