import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { HTTPResponse, Page } from 'puppeteer-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EspeakSynthesizer } from '../../server/services/speech/synthesizer';
import type { TestApp } from '../helpers/app';
import { startFakeOpenAi, type FakeOpenAi } from '../helpers/fakeOpenAi';
import { paidPremiumCode } from '../helpers/premium';
import { PASTED_FORMS } from '../fixtures/pastedForms';
import { audit } from './axe';
import { openPage, pageErrors, startE2E, textOf, type E2E } from './browser';

// Issue 15 by voice at /intervgpt: Chromium's fake microphone plays a spoken answer (made by the same eSpeak NG
// the server reads questions with); the page records it with a live level, the local OpenAI-compatible service
// transcribes it through the real openai SDK, and the interview finishes with the conclusion.

let e2e: E2E;
let fake: FakeOpenAi;
let wavDir: string;
beforeAll(async () => {
  fake = await startFakeOpenAi();
  fake.transcript = 'Vamos a Orlando de vacaciones con mi esposo durante seis semanas.';
  wavDir = fs.mkdtempSync(path.join(os.tmpdir(), 'rumbo-voice-'));
  const answer = await new EspeakSynthesizer().synthesize('Vamos a Orlando de vacaciones con mi esposo durante seis semanas.', 'es');
  const wav = path.join(wavDir, 'answer.wav');
  fs.writeFileSync(wav, answer.audio);
  e2e = await startE2E({ speechToText: { baseUrl: fake.baseURL, apiKey: 'test-key', model: 'whisper-fake' } }, [
    '--use-fake-ui-for-media-stream',
    '--use-fake-device-for-media-stream',
    `--use-file-for-fake-audio-capture=${wav}`,
    '--autoplay-policy=no-user-gesture-required',
  ]);
});
afterAll(async () => {
  await e2e.close();
  await fake.close();
  fs.rmSync(wavDir, { recursive: true, force: true });
});

const button = (page: Page, name: string) => page.waitForSelector(`::-p-aria([name="${name}"][role="button"])`);
const enabled = (page: Page, name: string) =>
  page.waitForFunction((n: string) => [...document.querySelectorAll('button')].some((b) => b.textContent === n && !b.disabled), { timeout: 20_000 }, name);

describe('/intervgpt', () => {
  it('a Premium buyer answers by voice in Spanish: listen, mute, record with a level, transcribe, finish', async () => {
    const code = await paidPremiumCode({ app: e2e.server.app } as TestApp);
    const page = await openPage(e2e, { languages: ['es-MX', 'es'] });
    const errors = pageErrors(page);
    const speech: HTTPResponse[] = [];
    page.on('response', (response) => {
      if (response.url().endsWith('/api/voice/text-to-speech')) speech.push(response);
    });
    await page.goto(`${e2e.baseUrl}/intervgpt`);
    await page.waitForSelector('#premium-code');
    expect(await page.$eval('main', (el) => (el as HTMLElement).innerText)).toContain('Necesitas micrófono y altavoces para esta entrevista.');
    await page.type('#premium-code', code);
    await page.keyboard.press('Enter');
    await page.waitForSelector('#premium-data');
    await page.type('#premium-data', PASTED_FORMS[3]?.text ?? '');
    await (await button(page, 'Comenzar entrevista'))?.click();
    // A transcription service hears the answers (issue 44): its notice stands before the controls until the yes.
    await page.waitForSelector('[data-testid="ai-notice"]');
    expect(await textOf(page, '[data-testid="ai-notice"]')).toContain('un servicio de voz');
    await page.click('[data-testid="ai-notice-accept"]');
    await page.waitForSelector('[data-testid="voice-controls"]');

    // The microphone was asked for on entering the interview: Record is ready.
    await enabled(page, 'Grabar respuesta');
    expect(await audit(page, 'voice interview')).toBe('');

    // Listen: the server reads the question (eSpeak NG, WAV); the button is busy meanwhile, then free again.
    await (await button(page, 'Escuchar'))?.click();
    await enabled(page, 'Escuchar');
    expect(speech).toHaveLength(1);
    expect(speech[0]?.status()).toBe(200);
    expect(speech[0]?.headers()['content-type']).toBe('audio/wav');
    // Muted, Listen is blocked.
    await (await button(page, 'Silenciar'))?.click();
    expect(await page.$eval('::-p-aria([name="Escuchar"][role="button"])', (el) => (el as HTMLButtonElement).disabled)).toBe(true);
    await (await button(page, 'Activar sonido'))?.click();

    // Record: REC and a moving level bar from the fake microphone's speech; stop; the text fills the answer.
    await (await button(page, 'Grabar respuesta'))?.click();
    await page.waitForSelector('[data-testid="voice-rec"]');
    await page.waitForFunction(() => Number(document.querySelector('[data-testid="voice-level"]')?.getAttribute('aria-valuenow')) > 0, { timeout: 10_000 });
    const level = Number(await page.$eval('[data-testid="voice-level"]', (el) => el.getAttribute('aria-valuenow')));
    expect(level).toBeLessThanOrEqual(100);
    await new Promise((resolve) => setTimeout(resolve, 1200));
    await (await button(page, 'Detener'))?.click();
    await page.waitForFunction((text: string) => (document.querySelector('#premium-answer') as HTMLTextAreaElement | null)?.value === text, { timeout: 20_000 }, fake.transcript);
    expect(await textOf(page, '[data-testid="voice-preview"]')).toBe(`Transcripción: ${fake.transcript}`);
    const sent = fake.audioRequests.at(-1);
    expect(sent).toMatchObject({ path: '/v1/audio/transcriptions', model: 'whisper-fake', language: 'es', fileName: 'answer.webm' });
    expect(sent?.bytes).toBeGreaterThan(1000);

    // The transcription stays editable; then the rest of the interview by typing.
    await page.type('#premium-answer', ' Volvemos el 21 de agosto.');
    const total = Number((await textOf(page, '[data-testid="premium-progress"]')).split('/')[1]);
    for (let n = 1; n <= total; n += 1) {
      if (n > 1) await page.type('#premium-answer', 'Trabajo como enfermera en el Hospital Ángeles desde 2016 y vuelvo el 21 de agosto de 2027.');
      await (await button(page, n === total ? 'Finalizar entrevista' : 'Siguiente pregunta'))?.click();
      if (n < total) await page.waitForFunction((m: number) => document.querySelector('[data-testid="premium-progress"]')?.textContent?.startsWith(`${m} /`), {}, n + 1);
    }
    await page.waitForSelector('[data-testid="premium-conclusion"]');
    expect(await textOf(page, '[data-testid="premium-conclusion"]')).toMatch(/^Con un \d+% de probabilidad de éxito, tu entrevista/);
    expect(await page.$eval('main', (el) => (el as HTMLElement).innerText)).toContain('Áreas de mejora');
    expect(await page.$eval('main', (el) => (el as HTMLElement).innerText)).toContain(`${fake.transcript} Volvemos el 21 de agosto.`);
    expect(await audit(page, 'voice results')).toBe('');
    await (await button(page, 'Nueva entrevista'))?.click();
    await page.waitForSelector('#premium-code');
    expect(errors.filter((e) => !e.startsWith('voice playback'))).toEqual([]);
  });
});
