import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { voiceControlsMachine } from '../../machines/voiceControls.machine';

function start(overrides: Record<string, unknown> = {}) {
  const effects: Array<[string, unknown]> = [];
  const calls: Array<[string, unknown]> = [];
  const answer = (name: string, value: unknown) =>
    fromPromise(async ({ input }: { input: unknown }) => {
      calls.push([name, input]);
      return value;
    });
  let finishPlaying: () => void = () => {};
  const machine = voiceControlsMachine.provide({
    actors: {
      synthesize: answer('synthesize', 'audio'),
      play: fromPromise(({ input }: { input: unknown }) => {
        calls.push(['play', input]);
        return new Promise<void>((resolve) => (finishPlaying = resolve));
      }),
      requestMicrophone: answer('requestMicrophone', undefined),
      startRecording: answer('startRecording', undefined),
      stopRecording: answer('stopRecording', 'recording'),
      transcribe: answer('transcribe', { text: 'heard' }),
      ...overrides,
    } as any,
    actions: {
      transcribed: (_: unknown, params: unknown) => void effects.push(['transcribed', params]),
      alert: (_: unknown, params: unknown) => void effects.push(['alert', params]),
    },
  });
  const actor = createActor(machine, { input: { language: 'en' } });
  // What the spec only logs is emitted for the app's handler (client/app/effects.ts).
  actor.on('log', (e) => void effects.push(['log', e.message]));
  actor.start();
  return { actor, effects, calls, finish: () => finishPlaying() };
}

describe('voiceControls machine', () => {
  it('reads the question aloud, busy until it has played; muted, Listen does nothing and playback stops', async () => {
    const { actor, calls, finish } = start();
    actor.send({ type: 'LISTEN', text: 'Why now?' });
    expect(actor.getSnapshot().hasTag('audioBusy')).toBe(true);
    await waitFor(actor, (s) => s.matches({ playback: 'playing' }));
    expect(calls).toEqual([['synthesize', { text: 'Why now?', language: 'en' }], ['play', { audio: 'audio' }]]);
    finish();
    await waitFor(actor, (s) => s.matches({ playback: 'idle' }));
    actor.send({ type: 'MUTE' });
    actor.send({ type: 'LISTEN', text: 'Again?' });
    expect(actor.getSnapshot().matches({ playback: 'idle' })).toBe(true);
    actor.send({ type: 'UNMUTE' });
    actor.send({ type: 'LISTEN', text: 'Again?' });
    await waitFor(actor, (s) => s.matches({ playback: 'playing' }));
    actor.send({ type: 'MUTE' });
    expect(actor.getSnapshot().matches({ playback: 'idle' })).toBe(true);
  });

  it('records after the microphone is granted, and hands the transcription to the answer', async () => {
    const { actor, effects, calls } = start();
    actor.send({ type: 'RECORD' });
    expect(actor.getSnapshot().matches({ microphone: 'off' })).toBe(true);
    actor.send({ type: 'MIC.REQUEST' });
    await waitFor(actor, (s) => s.matches({ microphone: 'ready' }));
    actor.send({ type: 'RECORD' });
    await waitFor(actor, (s) => s.matches({ microphone: 'recording' }));
    actor.send({ type: 'STOP' });
    await waitFor(actor, (s) => s.matches({ microphone: 'ready' }) && effects.length > 0);
    expect(calls.at(-1)).toEqual(['transcribe', { audio: 'recording', language: 'en' }]);
    expect(effects).toEqual([['transcribed', { text: 'heard' }]]);
  });

  it('only logs a refused microphone; says typing works on a 503 and reports any other failed transcription', async () => {
    const denied = start({ requestMicrophone: fromPromise(async () => Promise.reject(new Error('NotAllowedError'))) });
    denied.actor.send({ type: 'MIC.REQUEST' });
    await waitFor(denied.actor, (s) => s.matches({ microphone: 'denied' }));
    expect(denied.effects).toEqual([['log', 'voice microphone:']]);
    for (const [status, alert] of [[503, 'sttUnavailable'], [400, 'transcribeFailed']] as const) {
      const failing = start({ transcribe: fromPromise(async () => Promise.reject(Object.assign(new Error('x'), { status }))) });
      failing.actor.send({ type: 'MIC.REQUEST' });
      await waitFor(failing.actor, (s) => s.matches({ microphone: 'ready' }));
      failing.actor.send({ type: 'RECORD' });
      await waitFor(failing.actor, (s) => s.matches({ microphone: 'recording' }));
      failing.actor.send({ type: 'STOP' });
      await waitFor(failing.actor, () => failing.effects.length > 0);
      expect(failing.effects).toEqual([['alert', { alert }]]);
    }
  });
});
