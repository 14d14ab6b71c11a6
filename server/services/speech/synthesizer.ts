import fs from 'node:fs';
import { createRequire } from 'node:module';
import ESpeakNg from 'espeak-ng';
import type OpenAI from 'openai';
import type { InterviewLanguage } from '../../../openapi/schemas/premium';
import { lazyOpenAi } from '../../lib/openai';
import type { WarnLog } from '../ai/openai';

// Text to speech (issues 15, 33): the questions read aloud in the interview's language. eSpeak NG compiled to WebAssembly,
// shipped as an npm package, works offline; OpenAI speech is used when a key is configured, and any failure of it
// falls back to eSpeak for that question.

export type SpeechLanguage = InterviewLanguage;

export interface Speech {
  audio: Buffer;
  contentType: 'audio/wav' | 'audio/mpeg';
}

export interface SpeechSynthesizer {
  readonly name: 'espeak' | 'openai';
  synthesize(text: string, language: SpeechLanguage): Promise<Speech>;
}

/** eSpeak's voices: Latin American Spanish, U.S. English, French and Brazilian Portuguese, as the applicants speak them. */
const VOICES: Record<SpeechLanguage, string> = { es: 'es-419', en: 'en-us', fr: 'fr-fr', pt: 'pt-br' };

/** The 18 MB module is compiled once per process; each question gets a fresh instance of it (its main runs once). */
let compiled: Promise<WebAssembly.Module> | undefined;
function wasmModule(): Promise<WebAssembly.Module> {
  if (!compiled) {
    const require = createRequire(import.meta.url);
    const file = require.resolve('espeak-ng').replace(/espeak-ng\.js$/, 'espeak-ng.wasm');
    compiled = fs.promises.readFile(file).then((bytes) => WebAssembly.compile(bytes));
  }
  return compiled;
}

export class EspeakSynthesizer implements SpeechSynthesizer {
  readonly name = 'espeak' as const;

  async synthesize(text: string, language: SpeechLanguage): Promise<Speech> {
    const wasm = await wasmModule();
    const errors: string[] = [];
    const espeak = await ESpeakNg({
      // One argument, never parsed by a shell: the text cannot become an option ('--' ends them).
      arguments: ['-v', VOICES[language], '-s', '160', '-w', '/speech.wav', '--', text],
      instantiateWasm: (imports, done) => {
        void WebAssembly.instantiate(wasm, imports).then(done);
        return {};
      },
      print: () => {},
      printErr: (line) => void errors.push(line),
    });
    const audio = Buffer.from(espeak.FS.readFile('/speech.wav'));
    if (audio.length <= 44) throw new Error(`eSpeak made no audio${errors.length ? `: ${errors.join(' ')}` : ''}`);
    return { audio, contentType: 'audio/wav' };
  }
}

export class OpenAiSynthesizer implements SpeechSynthesizer {
  readonly name = 'openai' as const;
  private readonly client: () => Promise<OpenAI>;

  constructor(
    settings: { apiKey: string; baseUrl?: string | undefined; model: string; voice: string },
    private readonly fallback: SpeechSynthesizer,
    private readonly log: WarnLog,
    private readonly voiceModel = settings.model,
    private readonly voice = settings.voice,
  ) {
    this.client = lazyOpenAi({ apiKey: settings.apiKey, baseURL: settings.baseUrl, timeout: 8000, maxRetries: 0 });
  }

  async synthesize(text: string, language: SpeechLanguage): Promise<Speech> {
    try {
      const response = await (await this.client()).audio.speech.create({ model: this.voiceModel, voice: this.voice, input: text, response_format: 'mp3' });
      const audio = Buffer.from(await response.arrayBuffer());
      if (!audio.length) throw new Error('empty audio');
      return { audio, contentType: 'audio/mpeg' };
    } catch (error) {
      this.log.warn({ err: error, operation: 'textToSpeech' }, 'OpenAI speech failed; eSpeak read the question instead');
      return this.fallback.synthesize(text, language);
    }
  }
}
