import fp from 'fastify-plugin';
import { EspeakSynthesizer, OpenAiSynthesizer, type SpeechSynthesizer } from '../../services/speech/synthesizer';
import type { PluginOptions } from '../options';

declare module 'fastify' {
  interface FastifyInstance {
    speech: SpeechSynthesizer;
  }
}

/** eSpeak NG offline; OpenAI speech when a key is given, falling back to eSpeak for a question it cannot read. */
export default fp(
  async (app, { config }: PluginOptions) => {
    const espeak = new EspeakSynthesizer();
    const { apiKey, baseUrl } = config.openai;
    app.decorate<SpeechSynthesizer>('speech', apiKey ? new OpenAiSynthesizer({ apiKey, baseUrl, ...config.textToSpeech }, espeak, app.log) : espeak);
  },
  { name: 'speech' },
);
