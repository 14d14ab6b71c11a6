import type { InterviewLanguage } from '../../../openapi/schemas/premium';
import type OpenAI from 'openai';
import { lazyOpenAi, loadOpenAi } from '../../lib/openai';
import { Problem } from '../../lib/problems';

// Speech to text (issue 15): an OpenAI-compatible transcription endpoint, OpenAI's or one named by
// SPEECH_TO_TEXT_URL (it may run on this machine). Without one, or when it cannot answer, a 503 tells the page
// that typing the answer works.

export interface SpeechRecognizer {
  transcribe(audio: Buffer, fileName: string, language: InterviewLanguage): Promise<string>;
}

export const unavailable = (why: string) => new Problem(503, `Speech to text is not available (${why}). Type your answer instead.`);

export class NoRecognizer implements SpeechRecognizer {
  async transcribe(): Promise<string> {
    throw unavailable('not configured');
  }
}

export class OpenAiRecognizer implements SpeechRecognizer {
  private readonly client: () => Promise<OpenAI>;

  constructor(
    settings: { baseUrl: string; apiKey: string | undefined; model: string },
    private readonly model = settings.model,
  ) {
    // A local server may want no key; the SDK wants one, and it is sent only to that server.
    this.client = lazyOpenAi({ apiKey: settings.apiKey ?? 'none', baseURL: settings.baseUrl, timeout: 30_000, maxRetries: 0 });
  }

  async transcribe(audio: Buffer, fileName: string, language: InterviewLanguage): Promise<string> {
    const { default: OpenAIClient, toFile } = await loadOpenAi();
    try {
      const result = await (await this.client()).audio.transcriptions.create({ file: await toFile(audio, fileName), model: this.model, language });
      return result.text.trim();
    } catch (error) {
      throw unavailable(error instanceof OpenAIClient.APIError ? `the transcription service answered ${error.status ?? 'nothing'}` : 'the transcription service did not answer');
    }
  }
}

export function createRecognizer(settings: { baseUrl: string | undefined; apiKey: string | undefined; model: string }): SpeechRecognizer {
  return settings.baseUrl ? new OpenAiRecognizer({ ...settings, baseUrl: settings.baseUrl }) : new NoRecognizer();
}
