import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, sessionCookie, type TestApp } from '../helpers/app';
import { startFakeOpenAi, type FakeOpenAi } from '../helpers/fakeOpenAi';
import { multipart } from '../helpers/multipart';
import { paidPremiumCode } from '../helpers/premium';

// Issue 15, the voice interview's speech on the real app: eSpeak NG reads questions in Spanish and English, the
// real openai SDK transcribes through a local OpenAI-compatible server, 503 when none is configured, and neither
// call opens to a session that has not entered a paid Premium code.

let offline: TestApp;
let online: TestApp;
let fake: FakeOpenAi;
beforeAll(async () => {
  fake = await startFakeOpenAi();
  offline = await createTestApp({ rateLimitPerMinute: 100_000 });
  online = await createTestApp({
    rateLimitPerMinute: 100_000,
    openai: { apiKey: 'test-key', baseUrl: fake.baseURL, model: 'gpt-fake' },
    speechToText: { baseUrl: fake.baseURL, apiKey: 'test-key', model: 'whisper-fake' },
    textToSpeech: { model: 'tts-fake', voice: 'alloy' },
  });
});
afterAll(async () => {
  await offline.close();
  await online.close();
  await fake.close();
});

/** A browser session that entered a paid Premium order's code (or not). */
async function session(t: TestApp, verified = true, consented = true) {
  let cookie: string | undefined;
  if (verified) {
    const res = await t.app.inject({ method: 'POST', url: '/api/premium/verify-access', payload: { code: await paidPremiumCode(t) } });
    expect(res.json().valid).toBe(true);
    cookie = sessionCookie(res);
  }
  if (cookie && consented) {
    const given = await t.app.inject({ method: 'POST', url: '/api/me/consents', payload: { chat: 'voice', accepted: true }, headers: { cookie } });
    expect(given.statusCode, given.body).toBe(201);
  }
  return {
    speak: (payload: Record<string, unknown>) => t.app.inject({ method: 'POST', url: '/api/voice/text-to-speech', payload, headers: cookie ? { cookie } : {} }),
    transcribe: async (fields: Record<string, string>, bytes?: Uint8Array, name = 'answer.webm') => {
      const body = await multipart(fields, bytes ? { field: 'audio', name, type: 'audio/webm', bytes } : undefined);
      return t.app.inject({ method: 'POST', url: '/api/voice/speech-to-text', payload: body.payload, headers: { ...body.headers, ...(cookie ? { cookie } : {}) } });
    },
  };
}

/** Seconds of sound in a 16-bit PCM WAV file, from its header. */
function wavSeconds(bytes: Buffer): number {
  expect(bytes.subarray(0, 4).toString()).toBe('RIFF');
  expect(bytes.subarray(8, 12).toString()).toBe('WAVE');
  const byteRate = bytes.readUInt32LE(28);
  const dataAt = bytes.indexOf('data', 12);
  return bytes.readUInt32LE(dataAt + 4) / byteRate;
}

const RECORDING = new Uint8Array([0x1a, 0x45, 0xdf, 0xa3, ...new Array(500).fill(7)]);

describe('the voice notice (issue 44)', () => {
  it('refuses both routes before the voice notice is accepted where a third party would hear or read; eSpeak needs none', async () => {
    const { speak, transcribe } = await session(online, true, false);
    const calls = fake.requests.length;
    for (const refused of [await speak({ text: 'Hello', language: 'en' }), await transcribe({ language: 'en' }, RECORDING)]) {
      expect(refused.statusCode, refused.body).toBe(403);
      expect(refused.json().code).toBe('voice_consent_required');
    }
    expect(fake.requests.length).toBe(calls);
    expect((await (await session(offline, true, false)).speak({ text: 'Hola', language: 'es' })).statusCode).toBe(200);
    // The page's notice asks the same question of the server: for the voice, a transcription service counts too.
    const needed = async (t: TestApp) => (await t.app.inject({ method: 'GET', url: '/api/privacy?chat=voice' })).json().consentNeeded as boolean;
    expect([await needed(online), await needed(offline)]).toEqual([true, false]);
  });
});

describe('POST /api/voice/text-to-speech', () => {
  it('reads a question aloud in Spanish and in English with eSpeak NG: playable WAV of some seconds', async () => {
    const { speak } = await session(offline);
    for (const [language, text] of [['es', '¿Cuál es el propósito de su viaje a Estados Unidos?'], ['en', 'What is the purpose of your trip to the United States?']]) {
      const res = await speak({ text, language });
      expect(res.statusCode, language).toBe(200);
      expect(res.headers['content-type']).toBe('audio/wav');
      const seconds = wavSeconds(res.rawPayload);
      expect(seconds, language).toBeGreaterThan(1);
      expect(seconds, language).toBeLessThan(10);
      // Not silence: some samples are loud.
      const samples = new Int16Array(res.rawPayload.buffer.slice(res.rawPayload.byteOffset + 44, res.rawPayload.byteOffset + res.rawPayload.length - (res.rawPayload.length % 2)));
      expect(Math.max(...samples.slice(0, 40000).map(Math.abs))).toBeGreaterThan(1000);
    }
  });

  it('uses OpenAI speech when configured, through the real SDK, and eSpeak when it fails', async () => {
    const { speak } = await session(online);
    const res = await speak({ text: 'Why now?', language: 'en' });
    expect(res.headers['content-type']).toBe('audio/mpeg');
    expect(fake.audioRequests.at(-1)).toMatchObject({ path: '/v1/audio/speech', model: 'tts-fake', input: 'Why now?' });
    fake.failure = 'status500';
    try {
      const fallback = await speak({ text: 'Why now?', language: 'en' });
      expect(fallback.headers['content-type']).toBe('audio/wav');
    } finally {
      fake.failure = undefined;
    }
  });

  it('refuses a session without a paid Premium code, and empty text', async () => {
    expect((await (await session(offline, false)).speak({ text: 'Hello', language: 'en' })).statusCode).toBe(403);
    expect((await (await session(offline)).speak({ text: '', language: 'en' })).statusCode).toBe(400);
  });
});

describe('POST /api/voice/speech-to-text', () => {
  it('transcribes a recording through the real openai SDK and a local OpenAI-compatible server', async () => {
    const { transcribe } = await session(online);
    const res = await transcribe({ language: 'en' }, RECORDING);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ text: fake.transcript });
    expect(fake.audioRequests.at(-1)).toMatchObject({ path: '/v1/audio/transcriptions', model: 'whisper-fake', language: 'en', fileName: 'answer.webm', bytes: RECORDING.length });
    expect(fake.audioRequests.at(-1)?.headers.authorization).toBe('Bearer test-key');
  });

  it('answers 503 when no transcription service is configured, or it fails: the answer can be typed', async () => {
    const res = await (await session(offline)).transcribe({ language: 'es' }, RECORDING);
    expect(res.statusCode).toBe(503);
    expect(res.json().message).toBe('Speech to text is not available (not configured). Type your answer instead.');
    fake.failure = 'status500';
    try {
      const failed = await (await session(online)).transcribe({ language: 'es' }, RECORDING);
      expect(failed.statusCode).toBe(503);
      expect(failed.json().message).toMatch(/answered 500/);
    } finally {
      fake.failure = undefined;
    }
  });

  it('names the missing recording, and refuses a session without a paid Premium code', async () => {
    const verified = await session(online);
    expect((await verified.transcribe({ language: 'en' })).json()).toMatchObject({ statusCode: 400, message: 'body.audio: is required (a file field named "audio")' });
    expect((await (await session(online, false)).transcribe({ language: 'en' }, RECORDING)).statusCode).toBe(403);
  });
});
