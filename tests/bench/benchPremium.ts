// The premium interview's speed goals (issue 15), over real HTTP: the questions built from a pasted form with
// the built-in engine, and one question read aloud by eSpeak NG.
import { performance } from 'node:perf_hooks';
import type { FastifyInstance } from 'fastify';
import { PASTED_FORMS } from '../fixtures/pastedForms';
import { paidPremiumCode } from '../helpers/premium';
import type { TestApp } from '../helpers/app';

export async function premiumTimes(app: FastifyInstance, baseUrl: string): Promise<{ prep: number[]; speech: number[] }> {
  const code = await paidPremiumCode({ app } as TestApp);
  const verified = await fetch(`${baseUrl}/api/premium/verify-access`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ code }) });
  const cookie = verified.headers.get('set-cookie')?.split(';')[0] ?? '';
  const post = (url: string, body: unknown) => fetch(`${baseUrl}${url}`, { method: 'POST', headers: { 'content-type': 'application/json', cookie }, body: JSON.stringify(body) });
  const timed = async (run: () => Promise<Response>) => {
    const start = performance.now();
    const res = await run();
    await res.arrayBuffer();
    if (!res.ok) throw new Error(`premium bench: ${res.status}`);
    return performance.now() - start;
  };
  // Every pasted text, twice in each language: under the route's limit of 20 a minute.
  const prep: number[] = [];
  for (const language of ['es', 'en']) for (const form of PASTED_FORMS.slice(0, 7)) prep.push(await timed(() => post('/api/premium/interview-prep', { formData: form.text, language })));
  // The first question of each interview, read aloud (the synthesizer warmed up as the server started listening).
  const speech: number[] = [];
  const questions = ['Buenos días, Lucía Morales Vega. Preséntese brevemente: ¿quién es y por qué viaja?', 'You wrote that the purpose of your trip is "business meetings with clients in Chicago". What exactly will you do in the United States?'];
  for (let i = 0; i < 10; i += 1) speech.push(await timed(() => post('/api/voice/text-to-speech', { text: questions[i % 2], language: i % 2 ? 'en' : 'es' })));
  return { prep, speech };
}
