import { assign, emit, fromCallback, fromPromise, sendParent, setup, stateIn } from 'xstate';
import type { InterviewLanguage } from '../openapi/schemas/premium';
import type { WorldEffect } from './effects';

/** What the controls report of a failed transcription; the interview says it on its alert line. */
export type VoiceAlert = 'transcribeFailed' | 'sttUnavailable';

/** What the controls tell the interview they serve (their parent). */
export type VoiceReport = { type: 'VOICE.TRANSCRIBED'; text: string } | { type: 'VOICE.ALERT'; alert: VoiceAlert };

/** Audio as the browser holds it (a Blob); the machine only passes it from one call to the next. */
export type AudioData = unknown;

export interface VoiceControlsContext {
  language: InterviewLanguage;
  /** The question to read aloud, set by LISTEN. */
  text: string;
  speech: AudioData | null;
  recording: AudioData | null;
  /** The last recording's words, shown under the controls until another question comes. */
  transcript: string;
}

export type VoiceControlsEvent =
  | { type: 'LISTEN'; text: string }
  | { type: 'MUTE' }
  | { type: 'UNMUTE' }
  | { type: 'MIC.REQUEST' }
  | { type: 'RECORD' }
  | { type: 'STOP' }
  /** The interview moved to another question: the last answer's words are not this one's. */
  | { type: 'QUESTION.CHANGE' };

/**
 * The voice interview's audio (spec 3-ai §2.9, §4.7; issues 15, 35), a child of the interview machine, which
 * invokes it while a question is asked and stops it (its microphone let go, its requests aborted) when it moves on:
 * playback (Listen reads the question: generating, then playing; disabled meanwhile), the mute toggle (blocks
 * playback and cuts it short), and the microphone (requested on entering the interview; recording; on stop the
 * recording is transcribed and the text handed to the answer). Microphone denial and playback failures are only
 * logged (spec 3-ai §8); a failed transcription says so, and a 503 says typing works. What it hears and what goes
 * wrong it tells its parent (VOICE.TRANSCRIBED, VOICE.ALERT): the transcript becomes the interview's answer there.
 */
export const voiceControlsMachine = setup({
  types: { context: {} as VoiceControlsContext, events: {} as VoiceControlsEvent, input: {} as { language: InterviewLanguage }, emitted: {} as WorldEffect },
  actors: {
    /** POST /api/voice/text-to-speech; provided by the client. */
    synthesize: fromPromise<AudioData, { text: string; language: InterviewLanguage }>(async () => {
      throw new Error('synthesize is provided by the caller');
    }),
    /** Plays audio to its end; stopped when the state is left. Provided by the client. */
    play: fromPromise<void, { audio: AudioData }>(async () => {
      throw new Error('play is provided by the caller');
    }),
    /** getUserMedia; provided by the client. */
    requestMicrophone: fromPromise<void>(async () => {
      throw new Error('requestMicrophone is provided by the caller');
    }),
    startRecording: fromPromise<void>(async () => {
      throw new Error('startRecording is provided by the caller');
    }),
    /** Stops the recorder and gives its recording. */
    stopRecording: fromPromise<AudioData>(async () => {
      throw new Error('stopRecording is provided by the caller');
    }),
    /** The microphone, held while the controls live: stopping them (the question left) lets it go. */
    holdDevice: fromCallback(() => () => {
      // Nothing is held here (the typed interview has no microphone); provided by the caller where there is one.
    }),
    /** POST /api/voice/speech-to-text; provided by the client. */
    transcribe: fromPromise<{ text: string }, { audio: AudioData; language: InterviewLanguage }>(async () => {
      throw new Error('transcribe is provided by the caller');
    }),
  },
  actions: {
    /** The transcription fills the interview's answer (it stays editable there). */
    transcribed: sendParent((_, params: { text: string }): VoiceReport => ({ type: 'VOICE.TRANSCRIBED', text: params.text })),
    /** 'Error transcribing audio', or that typing works when speech to text is unavailable: said on the interview's alert line. */
    alert: sendParent((_, params: { alert: VoiceAlert }): VoiceReport => ({ type: 'VOICE.ALERT', alert: params.alert })),
    /** Failures the spec only logs (3-ai §8): the microphone refused, speech or playback or the recorder failed. */
    log: emit((_, params: { what: string; error: unknown }): WorldEffect => ({ type: 'log', message: `voice ${params.what}:`, error: params.error })),
  },
  guards: {
    unavailable: (_, params: { error: unknown }) => (params.error as { status?: unknown } | null)?.status === 503,
  },
}).createMachine({
  id: 'voiceControls',
  type: 'parallel',
  invoke: { id: 'device', src: 'holdDevice' },
  context: ({ input }) => ({ language: input.language, text: '', speech: null, recording: null, transcript: '' }),
  on: { 'QUESTION.CHANGE': { actions: assign({ transcript: '' }) } },
  states: {
    sound: {
      initial: 'on',
      states: {
        on: { on: { MUTE: 'off' } },
        off: { on: { UNMUTE: 'on' } },
      },
    },
    playback: {
      initial: 'idle',
      states: {
        idle: {
          on: {
            // Muted, Listen does nothing (spec 3-ai §4.7: the mute toggle blocks question playback).
            LISTEN: { guard: stateIn({ sound: 'on' }), target: 'generating', actions: assign({ text: ({ event }) => event.text }) },
          },
        },
        generating: {
          tags: ['audioBusy'],
          on: { MUTE: 'idle' },
          invoke: {
            id: 'synthesize',
            src: 'synthesize',
            input: ({ context }) => ({ text: context.text, language: context.language }),
            onDone: { target: 'playing', actions: assign({ speech: ({ event }) => event.output }) },
            onError: { target: 'idle', actions: { type: 'log', params: ({ event }) => ({ what: 'speech', error: event.error }) } },
          },
        },
        playing: {
          tags: ['audioBusy'],
          on: { MUTE: 'idle' },
          exit: assign({ speech: null }),
          invoke: {
            id: 'play',
            src: 'play',
            input: ({ context }) => ({ audio: context.speech }),
            onDone: 'idle',
            onError: { target: 'idle', actions: { type: 'log', params: ({ event }) => ({ what: 'playback', error: event.error }) } },
          },
        },
      },
    },
    microphone: {
      initial: 'off',
      states: {
        off: { on: { 'MIC.REQUEST': 'requesting' } },
        requesting: {
          invoke: {
            id: 'requestMicrophone',
            src: 'requestMicrophone',
            onDone: 'ready',
            onError: { target: 'denied', actions: { type: 'log', params: ({ event }) => ({ what: 'microphone', error: event.error }) } },
          },
        },
        denied: { on: { 'MIC.REQUEST': 'requesting' } },
        ready: { on: { RECORD: 'starting' } },
        starting: {
          invoke: {
            id: 'startRecording',
            src: 'startRecording',
            onDone: 'recording',
            onError: { target: 'ready', actions: { type: 'log', params: ({ event }) => ({ what: 'recorder', error: event.error }) } },
          },
        },
        recording: { on: { STOP: 'stopping' } },
        stopping: {
          invoke: {
            id: 'stopRecording',
            src: 'stopRecording',
            onDone: { target: 'transcribing', actions: assign({ recording: ({ event }) => event.output }) },
            onError: { target: 'ready', actions: { type: 'log', params: ({ event }) => ({ what: 'recorder', error: event.error }) } },
          },
        },
        transcribing: {
          tags: ['transcribing'],
          exit: assign({ recording: null }),
          invoke: {
            id: 'transcribe',
            src: 'transcribe',
            input: ({ context }) => ({ audio: context.recording, language: context.language }),
            onDone: { target: 'ready', actions: [assign({ transcript: ({ event }) => event.output.text }), { type: 'transcribed', params: ({ event }) => ({ text: event.output.text }) }] },
            onError: [
              { guard: { type: 'unavailable', params: ({ event }) => ({ error: event.error }) }, target: 'ready', actions: { type: 'alert', params: { alert: 'sttUnavailable' } } },
              { target: 'ready', actions: { type: 'alert', params: { alert: 'transcribeFailed' } } },
            ],
          },
        },
      },
    },
  },
});
