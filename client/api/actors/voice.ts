import { fromCallback, fromPromise } from 'xstate';
import { pathOf } from '../../../openapi/contract';
import { speechToText, textToSpeech } from '../../../openapi/routes/voice';
import type { Transcription } from '../../../openapi/schemas/voice';
import type { InterviewLanguage } from '../../../machines/premiumInterview.machine';
import type { AudioData } from '../../../machines/voiceControls.machine';
import { download, HttpError } from '../call';
import type { Transport } from '../transport';
import { actorsOf } from './actorsOf';

/** The voice interview's server calls (spec 3-ai §7): a question's audio, and a recording's text. */
export function voiceCalls(http: Transport) {
  return {
    synthesize: async ({ text, language }: { text: string; language: InterviewLanguage }): Promise<AudioData> => {
      const { bytes, fileName } = await download(http, textToSpeech, { body: { text, language } });
      return new Blob([bytes as Uint8Array<ArrayBuffer>], { type: fileName.endsWith('.mp3') ? 'audio/mpeg' : 'audio/wav' });
    },
    transcribe: async ({ audio, language }: { audio: unknown; language: InterviewLanguage }): Promise<Transcription> => {
      const blob = audio as Blob;
      const response = await http({
        method: speechToText.method,
        path: pathOf(speechToText, undefined, undefined),
        upload: { fields: { language }, file: { field: 'audio', blob, name: blob.type.includes('ogg') ? 'answer.ogg' : 'answer.webm' } },
      });
      if (response.status !== 200) {
        const message = (() => {
          try {
            return (JSON.parse(response.text) as { message?: string }).message;
          } catch {
            return undefined;
          }
        })();
        throw new HttpError(response.status, `${response.status}: ${response.text}`, message);
      }
      return JSON.parse(response.text) as Transcription;
    },
  };
}

/** What the browser does with sound: the microphone, the recorder, the speaker. */
export interface AudioDevice {
  /** Asks for the microphone; aborted (the question left meanwhile), it lets go of what it was given. */
  requestMicrophone(signal: AbortSignal): Promise<void>;
  startRecording(): Promise<void>;
  stopRecording(): Promise<Blob>;
  /** Plays to the end; the signal stops it early (muted, or the page left). */
  play(audio: Blob, signal: AbortSignal): Promise<void>;
  /** Stops the microphone and the recorder. */
  release(): void;
}

/**
 * The voice machine's actors: the server calls over a transport (each aborted with the state that made it), the
 * device's parts as they are, and the device held while the controls live.
 */
export function makeVoiceActors(http: Transport, device: AudioDevice) {
  return {
    ...actorsOf(voiceCalls, http),
    holdDevice: fromCallback(() => () => device.release()),
    play: fromPromise(({ input, signal }: { input: { audio: unknown }; signal: AbortSignal }) => device.play(input.audio as Blob, signal)),
    requestMicrophone: fromPromise<void>(({ signal }) => device.requestMicrophone(signal)),
    startRecording: fromPromise(() => device.startRecording()),
    stopRecording: fromPromise<unknown>(() => device.stopRecording()),
  };
}
