import { createServer, type IncomingHttpHeaders, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { analyze, completeness } from '../../server/services/ai/builtin/analyze';
import { extract } from '../../server/services/ai/builtin/extract';
import { nextQuestion } from '../../server/services/ai/builtin/interviews';
import { builtinReply, pieces } from '../../server/services/ai/builtin/reply';
import { readFacts } from '../../server/services/premium/facts/index';
import { COUNTRIES } from '../../machines/domain/countryList';
import { readAnswer } from '../../server/services/ai/reading/read';
import { SURE } from '../../server/services/ai/reading/types';
import type { ModelReading } from '../../server/services/ai/reading/ground';
import type { Extracted, ReadInput } from '../../server/services/ai/schemas';

// An OpenAI-compatible chat completions endpoint on 127.0.0.1 that answers as a deterministic "model": it reads
// the JSON input the engine sends and answers with the built-in engine's rules, so both engines share one
// contract. Tests inject failures and read the requests it received; nothing leaves the machine.

/**
 * How the "model" misbehaves (issue 32 adds the last four): `fenced` wraps its JSON in a Markdown fence; `wrong`
 * reads every answer wrong (another country, the next day, another option) while quoting the right words;
 * `badElement` adds an impossible date to what it extracts; `stall` starts a streamed reply and then says nothing.
 */
export type Failure = 'invalid' | 'garbage' | 'status500' | 'slow' | 'streamBreak' | 'fenced' | 'wrong' | 'badElement' | 'stall';

export interface ChatRequestBody {
  model: string;
  stream?: boolean;
  messages: { role: string; content: string }[];
  response_format?: { type: string; json_schema?: { name: string; schema: Record<string, unknown>; strict?: boolean } };
}

export interface RecordedRequest {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  body: ChatRequestBody;
}

/** A speech request: a transcription's file, or the text to speak. */
export interface AudioRequest {
  path: string;
  headers: IncomingHttpHeaders;
  model: string;
  language?: string;
  fileName?: string;
  bytes?: number;
  input?: string;
}

export interface FakeOpenAi {
  /** Every /v1/audio request, in order. */
  audioRequests: AudioRequest[];
  /** What a transcription says: this "model" hears the words the test gives it, so a test knows what to expect. */
  transcript: string;
  /** Ends in /v1, as the SDK's default does; the server answers POST /v1/chat/completions. */
  baseURL: string;
  requests: RecordedRequest[];
  /** The failure every following request meets, until set back to undefined. */
  failure: Failure | undefined;
  /** How long a `slow` answer waits: longer than the engine's timeout in the tests. */
  slowMs: number;
  /** A test's own "model" for an operation, in place of the built-in rules (one that invents facts, say). */
  answers: Record<string, (input: any) => unknown>;
  close(): Promise<void>;
}

/**
 * A reading as a model writes it: the value as the message words it (a country in the conversation's language, an
 * option by its label, an e-mail or a phone as typed), with the words it comes from. The engine must normalise it.
 */
function modelRead(input: ReadInput, wrong = false): ModelReading {
  const reading = readAnswer(input.asked, input.text, { language: input.language, today: new Date(`${input.today}T12:00:00Z`) });
  if (reading.outcome !== 'value') return { kind: reading.outcome };
  const { asked } = input;
  let value = reading.value;
  if (wrong) {
    const other = asked.options?.find((o) => o.value !== value)?.value;
    value =
      asked.kind === 'country' ? (value === 'France' ? 'Spain' : 'France')
      : asked.kind === 'date' ? new Date(Date.parse(`${value}T12:00:00Z`) + 86_400_000).toISOString().slice(0, 10)
      : asked.kind === 'choice' ? (other ?? value)
      : asked.kind === 'email' ? `x${value}`
      : asked.kind === 'amount' ? String(Number(value) * 10)
      : `${value}X`;
  } else if (asked.kind === 'country') {
    const code = COUNTRIES.find((c) => c.name === value)?.code;
    value = (code && new Intl.DisplayNames([input.language], { type: 'region' }).of(code)) || value;
  } else if (asked.kind === 'choice') {
    value = asked.options?.find((o) => o.value === value)?.labels[input.language] ?? value;
  } else if ((asked.kind === 'email' || asked.kind === 'phone') && reading.quote && /[@+\d]/.test(reading.quote)) {
    value = reading.quote;
  } else if (reading.typed) {
    value = reading.typed;
  }
  return {
    kind: reading.confidence >= SURE ? 'answer' : 'unsure',
    value,
    quote: reading.quote ?? input.text,
    confidence: reading.confidence,
    ...(reading.alternatives ? { alternatives: reading.alternatives } : {}),
  };
}

/**
 * The premium interview's wording, as this "model" does it: the officer's courtesy before each question, and the
 * coach's note after a word of encouragement. Plain enough that a test can tell the model's wording from the
 * built-in one, and faithful: it adds no fact.
 */
const COURTESY: Record<string, [string, string]> = { es: ['Por favor, ', 'Ánimo: '], en: ['Please tell me: ', 'Keep going: '], fr: ["S'il vous plaît : ", 'Courage : '], pt: ['Por favor: ', 'Força: '] };
const wordQuestions = ({ language, questions }: { language: string; questions: Array<{ id: string; question: string }> }) => ({
  questions: questions.map(({ id, question }) => ({ id, question: `${COURTESY[language]?.[0] ?? ''}${question}` })),
});
const wordFeedback = ({ language, draft }: { language: string; draft: { feedback: string } }) => ({ feedback: `${COURTESY[language]?.[1] ?? ''}${draft.feedback}` });

const OPERATIONS: Record<string, (input: never, failure?: Failure) => unknown> = {
  extract: (input: { text: string; language: 'es' }, failure?: Failure): Extracted => {
    const found = extract(input);
    // One impossible date among the right fields: the engine must drop it and keep the rest.
    return failure === 'badElement' ? { ...found, dates: [...found.dates, { iso: '1990-02-30', text: '30 de febrero de 1990' }] } : found;
  },
  read: (input: ReadInput, failure?: Failure) => modelRead(input, failure === 'wrong'),
  completeness: (input: never) => completeness(input),
  analyze: (input: never) => analyze(input),
  nextQuestion: (input: never) => nextQuestion(input),
  readFacts: ({ text }: { text: string }) => readFacts(text),
  wordQuestions: (input: never) => wordQuestions(input),
  wordFeedback: (input: never) => wordFeedback(input),
};

let ids = 0;
const envelope = (model: string, object: string) => ({ id: `chatcmpl-fake-${++ids}`, object, created: Math.floor(Date.now() / 1000), model });

function completion(model: string, content: string) {
  return {
    ...envelope(model, 'chat.completion'),
    choices: [{ index: 0, message: { role: 'assistant', content, refusal: null }, finish_reason: 'stop', logprobs: null }],
    usage: { prompt_tokens: 0, completion_tokens: 0, total_tokens: 0 },
  };
}

function chunk(model: string, delta: Record<string, string>, finish: string | null = null) {
  return { ...envelope(model, 'chat.completion.chunk'), choices: [{ index: 0, delta, finish_reason: finish, logprobs: null }] };
}

function lastUserInput(body: ChatRequestBody): unknown {
  const last = body.messages.filter((m) => m.role === 'user').at(-1);
  return JSON.parse(last?.content ?? 'null');
}

function answerJson(res: ServerResponse, status: number, value: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(value));
}

async function stream(res: ServerResponse, body: ChatRequestBody, failure: Failure | undefined): Promise<void> {
  const reply = builtinReply(lastUserInput(body) as Parameters<typeof builtinReply>[0]);
  res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
  const send = (value: unknown) => res.write(`data: ${JSON.stringify(value)}\n\n`);
  send(chunk(body.model, { role: 'assistant', content: '' }));
  for (const piece of pieces(reply)) {
    send(chunk(body.model, { content: piece }));
    // The first words, then nothing: the connection stays open until the engine gives up on it.
    if (failure === 'stall') return;
    // The connection drops after the first words, as a proxy cutting a long response would.
    if (failure === 'streamBreak') {
      await new Promise((resolve) => setTimeout(resolve, 20));
      res.destroy();
      return;
    }
    await new Promise((resolve) => setImmediate(resolve));
  }
  send(chunk(body.model, {}, 'stop'));
  res.end('data: [DONE]\n\n');
}

export async function startFakeOpenAi(): Promise<FakeOpenAi> {
  const timers = new Set<NodeJS.Timeout>();
  const server = createServer((req, res) => {
    const parts: Buffer[] = [];
    req.on('data', (part: Buffer) => parts.push(part));
    req.on('end', () => {
      if (req.method === 'POST' && (req.url === '/v1/audio/transcriptions' || req.url === '/v1/audio/speech')) return void audio(req.url, req.headers, Buffer.concat(parts), res);
      if (req.method !== 'POST' || req.url !== '/v1/chat/completions') return answerJson(res, 404, { error: { message: `No route ${req.method} ${req.url}` } });
      const body = JSON.parse(Buffer.concat(parts).toString('utf8')) as ChatRequestBody;
      fake.requests.push({ method: req.method, path: req.url, headers: req.headers, body });
      const failure = fake.failure;
      const respond = () => {
        if (failure === 'status500') return answerJson(res, 500, { error: { message: 'The server had an error', type: 'server_error', param: null, code: null } });
        if (body.stream) return void stream(res, body, failure);
        const operation = body.response_format?.json_schema?.name ?? '';
        const compute = fake.answers[operation] ?? OPERATIONS[operation];
        if (!compute) return answerJson(res, 400, { error: { message: `Unknown operation ${operation}`, type: 'invalid_request_error' } });
        const json = JSON.stringify(failure === 'invalid' ? { answer: 'not the shape asked for' } : compute(lastUserInput(body) as never, failure));
        const content = failure === 'garbage' ? 'Sure! Here is what I found: the applicant is Mexican.' : failure === 'fenced' ? `\`\`\`json\n${json}\n\`\`\`` : json;
        answerJson(res, 200, completion(body.model, content));
      };
      if (failure !== 'slow') return respond();
      const timer = setTimeout(() => {
        timers.delete(timer);
        respond();
      }, fake.slowMs);
      timers.add(timer);
      // The engine gave up waiting: nobody is left to answer.
      res.on('close', () => {
        clearTimeout(timer);
        timers.delete(timer);
      });
    });
  });
  /** POST /v1/audio/transcriptions (multipart: file, model, language) and /v1/audio/speech (JSON: model, voice, input). */
  async function audio(path: string, headers: IncomingHttpHeaders, body: Buffer, res: ServerResponse): Promise<void> {
    if (fake.failure === 'status500') return answerJson(res, 500, { error: { message: 'The server had an error', type: 'server_error', param: null, code: null } });
    if (path === '/v1/audio/speech') {
      const request = JSON.parse(body.toString('utf8')) as { model: string; input: string };
      fake.audioRequests.push({ path, headers, model: request.model, input: request.input });
      // An MPEG audio frame header and silence: enough for the server to pass on as audio/mpeg.
      res.writeHead(200, { 'content-type': 'audio/mpeg' }).end(Buffer.concat([Buffer.from([0xff, 0xfb, 0x90, 0x64]), Buffer.alloc(413)]));
      return;
    }
    const form = await new Response(new Uint8Array(body), { headers: { 'content-type': String(headers['content-type']) } }).formData();
    const file = form.get('file');
    const size = file instanceof Blob ? file.size : 0;
    fake.audioRequests.push({ path, headers, model: String(form.get('model')), language: String(form.get('language')), fileName: file instanceof File ? file.name : undefined, bytes: size });
    if (!size) return answerJson(res, 400, { error: { message: 'Audio file is empty', type: 'invalid_request_error' } });
    // A recording that begins with the bytes FAIL meets a failing service, as a documented test card declines.
    if (file instanceof Blob && (await file.slice(0, 4).text()) === 'FAIL') return answerJson(res, 500, { error: { message: 'The server had an error', type: 'server_error' } });
    answerJson(res, 200, { text: fake.transcript });
  }

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const fake: FakeOpenAi = {
    baseURL: `http://127.0.0.1:${port}/v1`,
    requests: [],
    audioRequests: [],
    transcript: 'I will visit my family in Orlando for two weeks and return to my job.',
    failure: undefined,
    slowMs: 2_000,
    answers: {},
    close: async () => {
      for (const timer of timers) clearTimeout(timer);
      server.closeAllConnections();
      await new Promise<void>((resolve, reject) => server.close((error) => (error ? reject(error) : resolve())));
    },
  };
  return fake;
}
