import { expect } from 'vitest';
import type { AnyEventObject } from 'xstate';
import { voiceCalls } from '../../client/api/actors/voice';
import type { Transport } from '../../client/api/transport';
import { voiceControlsMachine } from '../../machines/voiceControls.machine';
import type { TestApp } from '../helpers/app';
import { premiumOrderRow } from '../helpers/premium';
import { lastCall, lastHeld, type PathModel, type Snap, type World } from './model';

// /intervgpt's audio (spec 3-ai §2.9, §4.7; issue 15) against the real voice routes: a question read aloud by
// eSpeak NG, muting, the microphone granted or refused, and a recording transcribed by the local
// OpenAI-compatible service, failing there (503: typing works) or empty (400). The browser's own parts (the
// microphone, the recorder, the speaker) are the path's: they resolve when the path says.

const CODE = 'PREMIUM-97531864-VX';
const QUESTION = '¿Cuál es el propósito de su viaje a Estados Unidos?';
type Recording = 'speech' | 'failing' | 'empty';
const RECORDINGS: Record<Recording, () => Blob> = {
  speech: () => new Blob([new Uint8Array([0x1a, 0x45, 0xdf, 0xa3, ...new Array(300).fill(1)])], { type: 'audio/webm' }),
  failing: () => new Blob(['FAIL and some audio'], { type: 'audio/webm' }),
  empty: () => new Blob([], { type: 'audio/webm' }),
};

/** The recording this path's stopRecording gives (paths run one at a time). */
let recording: Recording = 'speech';

/**
 * What the controls tell the interview they serve: here they run alone, so each report is taken where the machine
 * would send it (its sendParent action: the target and the event it makes) and kept as the interview would get it.
 */
const told: unknown[] = [];
let toldBefore = 0;
function toInterview(name: 'transcribed' | 'alert') {
  const action = voiceControlsMachine.implementations.actions[name] as unknown as { to: unknown; event: (args: unknown, params: unknown) => unknown };
  return (args: unknown, params: unknown) => {
    if (action.to !== '#_parent') throw new Error(`${name} is not sent to the interview`);
    told.push(action.event(args, params));
  };
}

/** A session that entered a paid Premium order's code, as the interview page's would have. */
async function verified(world: World, kind: Recording): Promise<{ language: 'es' }> {
  recording = kind;
  told.length = 0;
  toldBefore = 0;
  await world.app.db.deleteFrom('attempt_counters').where('counter', 'like', 'premium:%').execute();
  await world.app.db.updateTable('orders').set({ access_code: null }).where('access_code', '=', CODE).execute();
  await premiumOrderRow({ app: world.app } as TestApp, 'paid', CODE);
  const res = await world.http({ method: 'POST', path: '/api/premium/verify-access', body: { code: CODE } });
  expect(JSON.parse(res.text).valid).toBe(true);
  // The voice's AI notice (its own flow, aiNotice) was accepted: this world's recordings go to a transcription service.
  expect((await world.http({ method: 'POST', path: '/api/me/consents', body: { chat: 'voice', accepted: true } })).status).toBe(201);
  world.calls.length = 0;
  return { language: 'es' };
}

const lost = (id: string): AnyEventObject => ({ type: `xstate.error.actor.${id}`, error: 'network' });
const done = (id: string, output: unknown = undefined): AnyEventObject => ({ type: `xstate.done.actor.${id}`, output });
const refused = (id: string, status: number): AnyEventObject => ({ type: `xstate.error.actor.${id}`, error: { status }, sent: true });

/**
 * One region at a time: sound and playback while the microphone is off; once it is asked for, only its moves.
 * The failing and empty recordings walk the microphone only.
 */
function events(kind: Recording) {
  return (s: Snap): AnyEventObject[] => {
    const mic = (s.value as { microphone: string }).microphone;
    if (mic === 'requesting') return kind === 'speech' ? [done('requestMicrophone'), lost('requestMicrophone')] : [done('requestMicrophone')];
    if (mic === 'denied') return [{ type: 'MIC.REQUEST' }];
    // Once an answer was heard, the interview may go on to another question.
    if (mic === 'ready') return s.context.transcript ? [{ type: 'RECORD' }, { type: 'QUESTION.CHANGE' }] : [{ type: 'RECORD' }];
    if (mic === 'starting') return kind === 'speech' ? [done('startRecording'), lost('startRecording')] : [done('startRecording')];
    if (mic === 'recording') return [{ type: 'STOP' }];
    if (mic === 'stopping') return kind === 'speech' ? [done('stopRecording', 'recording'), lost('stopRecording')] : [done('stopRecording', 'recording')];
    if (mic === 'transcribing') {
      if (kind === 'failing') return [refused('transcribe', 503)];
      if (kind === 'empty') return [refused('transcribe', 400)];
      return [done('transcribe', { text: 'heard' }), lost('transcribe')];
    }
    if (kind !== 'speech') return [{ type: 'MIC.REQUEST' }];
    const moves: AnyEventObject[] = [s.matches({ sound: 'on' }) ? { type: 'MUTE' } : { type: 'UNMUTE' }];
    if (s.matches({ playback: 'idle' })) moves.push({ type: 'LISTEN', text: QUESTION });
    if (s.matches({ playback: 'generating' })) moves.push(done('synthesize', 'audio'), lost('synthesize'));
    if (s.matches({ playback: 'playing' })) moves.push(done('play'), lost('play'));
    if (s.matches({ playback: 'idle' }) && s.matches({ sound: 'on' })) moves.push({ type: 'MIC.REQUEST' });
    return moves;
  };
}

/** Each move and where it leaves its region: errors of the browser's parts and of the server fall back quietly. */
const MOVES: Record<string, [region: string, state: string]> = {
  MUTE: ['sound', 'off'],
  UNMUTE: ['sound', 'on'],
  'xstate.done.actor.synthesize': ['playback', 'playing'],
  'xstate.error.actor.synthesize': ['playback', 'idle'],
  'xstate.done.actor.play': ['playback', 'idle'],
  'xstate.error.actor.play': ['playback', 'idle'],
  'MIC.REQUEST': ['microphone', 'requesting'],
  'xstate.done.actor.requestMicrophone': ['microphone', 'ready'],
  'xstate.error.actor.requestMicrophone': ['microphone', 'denied'],
  RECORD: ['microphone', 'starting'],
  'xstate.done.actor.startRecording': ['microphone', 'recording'],
  'xstate.error.actor.startRecording': ['microphone', 'ready'],
  STOP: ['microphone', 'stopping'],
  'xstate.done.actor.stopRecording': ['microphone', 'transcribing'],
  'xstate.error.actor.stopRecording': ['microphone', 'ready'],
  'xstate.done.actor.transcribe': ['microphone', 'ready'],
  'xstate.error.actor.transcribe': ['microphone', 'ready'],
};

export const voiceControlsPaths: PathModel = {
  machine: voiceControlsMachine.provide({ actions: { transcribed: toInterview('transcribed'), alert: toInterview('alert') } }),
  budget: 60,
  // The server's calls as the page makes them; the browser's parts answer at once when the path releases them.
  calls: (http: Transport) => ({
    ...voiceCalls(http),
    play: async () => undefined,
    requestMicrophone: async () => undefined,
    startRecording: async () => undefined,
    stopRecording: async () => RECORDINGS[recording](),
  }),
  abstraction: (s) => ({ value: s.value, text: s.context.text, heard: s.context.transcript !== '' }),
  // What a person does after the microphone or the service fails, and across questions, whatever the transition
  // cover picks: the words heard for one question are not shown under the next.
  required: [
    { name: 'an answer transcribed, then the next question: its words cleared', through: [(e) => e.type === 'xstate.done.actor.transcribe', (e) => e.type === 'QUESTION.CHANGE'] },
    {
      name: 'an answer transcribed, then the next question, then another recording that fails: no words of the last kept',
      through: [(e) => e.type === 'xstate.done.actor.transcribe', (e) => e.type === 'QUESTION.CHANGE', (e) => e.type === 'xstate.error.actor.transcribe'],
    },
    {
      name: 'the microphone refused, then asked again and granted, then a recording',
      through: [(e) => e.type === 'xstate.error.actor.requestMicrophone', (e) => e.type === 'MIC.REQUEST', (e) => e.type === 'xstate.done.actor.requestMicrophone', (e) => e.type === 'RECORD'],
    },
    {
      name: 'a transcription lost, then recorded again and transcribed',
      through: [(e) => e.type === 'xstate.error.actor.transcribe', (e) => e.type === 'RECORD', (e) => e.type === 'xstate.done.actor.transcribe'],
    },
    { name: 'a service that fails, then recorded again', case: 'a recording the transcription service fails on', through: [(e) => e.type === 'xstate.error.actor.transcribe', (e) => e.type === 'RECORD'] },
  ],
  cases: [
    { name: 'a question read aloud, muted, and an answer recorded and transcribed', input: { language: 'es' }, setup: (w) => verified(w, 'speech'), events: events('speech') },
    { name: 'a recording the transcription service fails on', input: { language: 'es' }, setup: (w) => verified(w, 'failing'), events: events('failing') },
    { name: 'an empty recording', input: { language: 'es' }, setup: (w) => verified(w, 'empty'), events: events('empty') },
  ],
  oracle: {
    initial: (s, world) => {
      expect(s.value).toEqual({ sound: 'on', playback: 'idle', microphone: 'off' });
      expect(s.context).toMatchObject({ language: 'es', text: '', speech: null, recording: null });
      expect(world.held).toEqual([]);
      // The microphone is held for as long as the controls live (the interview stopping them lets it go).
      expect(Object.keys((s as unknown as { children: object }).children)).toEqual(['device']);
    },
    step: ({ before, event, after, started, asked, world }) => {
      // What the interview was told during this step: only a transcription's end tells it anything.
      const reports = told.slice(toldBefore);
      toldBefore = told.length;
      if (!event.type.endsWith('.actor.transcribe')) expect(reports).toEqual([]);
      // Where each move must leave the region it belongs to (spec 3-ai §4.7), whatever the machine says.
      const region = MOVES[event.type];
      if (region) expect({ [region[0]]: (after.value as Record<string, string>)[region[0]] }).toEqual({ [region[0]]: region[1] });
      if (event.type === 'LISTEN' && before.matches({ sound: 'on' })) expect(after.context.text).toBe(QUESTION);
      if (event.type === 'LISTEN') {
        // Muted, nothing is asked of the server (spec 3-ai §4.7).
        expect(started.map((h) => [h.name, h.input])).toEqual(before.matches({ sound: 'on' }) ? [['synthesize', { text: QUESTION, language: 'es' }]] : []);
      }
      if (event.type === 'xstate.done.actor.synthesize') {
        // The server spoke: a WAV of real length, handed whole to the speaker.
        const answer = lastCall(world, 'POST', '/api/voice/text-to-speech');
        const size = (answer?.response as { size: number }).size;
        expect(answer?.status).toBe(200);
        expect(size).toBeGreaterThan(10_000);
        expect(started.map((h) => h.name)).toEqual(['play']);
        expect((started[0]?.input.audio as Blob).size).toBe(size);
        expect((started[0]?.input.audio as Blob).type).toBe('audio/wav');
      }
      if (event.type === 'MUTE' && !before.matches({ playback: 'idle' })) expect(after.matches({ playback: 'idle' })).toBe(true);
      if (event.type === 'LISTEN') expect(after.matches({ playback: before.matches({ sound: 'on' }) ? 'generating' : 'idle' })).toBe(true);
      if (event.type === 'xstate.error.actor.startRecording' || event.type === 'xstate.error.actor.stopRecording') {
        expect(asked.map((a) => [a.type, a.params.message])).toEqual([['log', 'voice recorder:']]);
      }
      if (event.type === 'xstate.error.actor.synthesize') expect(asked.map((a) => [a.type, a.params.message])).toEqual([['log', 'voice speech:']]);
      if (event.type === 'xstate.error.actor.play') expect(asked.map((a) => [a.type, a.params.message])).toEqual([['log', 'voice playback:']]);
      if (event.type === 'xstate.error.actor.requestMicrophone') expect(asked.map((a) => [a.type, a.params.message])).toEqual([['log', 'voice microphone:']]);
      if (event.type === 'MIC.REQUEST') expect(started.map((h) => h.name)).toEqual(['requestMicrophone']);
      if (event.type === 'xstate.done.actor.stopRecording') {
        // The recording goes to the server with the interview's language.
        expect(started.map((h) => h.name)).toEqual(['transcribe']);
        expect(started[0]?.input.language).toBe('es');
        expect((started[0]?.input.audio as Blob).size).toBe(RECORDINGS[recording]().size);
      }
      if (event.type === 'xstate.done.actor.transcribe') {
        const answer = lastCall(world, 'POST', '/api/voice/speech-to-text');
        expect(answer?.body).toEqual({ language: 'es', audio: { name: 'answer.webm', size: RECORDINGS.speech().size } });
        expect(reports).toEqual([{ type: 'VOICE.TRANSCRIBED', text: (answer?.response as { text: string }).text }]);
        expect(asked).toEqual([]);
        // The words shown under the controls are the server's.
        expect(after.context.transcript).toBe((answer?.response as { text: string }).text);
        expect((answer?.response as { text: string }).text.length).toBeGreaterThan(0);
      }
      if (event.type === 'QUESTION.CHANGE') expect(after.context.transcript).toBe('');
      if (event.type === 'xstate.error.actor.transcribe') expect(after.context.transcript).toBe(before.context.transcript);
      if (event.type === 'xstate.error.actor.transcribe') {
        const held = lastHeld(world, 'transcribe');
        const status = held?.verdict === 'sent' ? lastCall(world, 'POST', '/api/voice/speech-to-text')?.status : undefined;
        expect(reports).toEqual([{ type: 'VOICE.ALERT', alert: status === 503 ? 'sttUnavailable' : 'transcribeFailed' }]);
        expect(asked).toEqual([]);
        if (held?.verdict === 'sent') expect(status).toBe(recording === 'failing' ? 503 : 400);
      }
    },
    states: {
      'microphone.transcribing': (s) => expect(s.hasTag('transcribing')).toBe(true),
      'playback.generating': (s) => expect(s.hasTag('audioBusy')).toBe(true),
      'playback.playing': (s) => expect(s.hasTag('audioBusy')).toBe(true),
      // Nothing heard or recorded is kept once it has been played or sent.
      'playback.idle': (s) => expect(s.hasTag('audioBusy') || s.context.speech !== null).toBe(false),
      'microphone.ready': (s, world) => {
        expect(s.context.recording).toBeNull();
        expect(s.hasTag('transcribing')).toBe(false);
        // Every transcription heard is handed to the answer, once.
        const heard = world.events.filter((e) => e.type === 'xstate.done.actor.transcribe').length;
        expect(told.filter((r) => (r as { type: string }).type === 'VOICE.TRANSCRIBED')).toHaveLength(heard);
      },
    },
  },
};
