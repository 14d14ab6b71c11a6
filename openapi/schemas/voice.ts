import { Type, type Static } from 'typebox';
import { Strict } from './common';
import { INTERVIEW_LANGUAGES } from './premium';

// The voice interview's speech (spec 3-ai §2.9, §3 "Transcription result", §7; issue 15).

export const TextToSpeechSchema = Strict({
  text: Type.String({ minLength: 1, maxLength: 1000, description: 'What to say: an interview question' }),
  language: Type.Optional(Type.Enum([...INTERVIEW_LANGUAGES], { description: 'The interview language (default es)' })),
});

export const SpeechAudioSchema = Type.Unsafe<Uint8Array>({ type: 'string', format: 'binary', description: 'audio/wav (eSpeak NG) or audio/mpeg (OpenAI speech)' });

export const SpeechToTextSchema = Type.Union([Type.Null(), Type.Object({ audio: Type.String({ description: 'The recording (webm)' }), language: Type.Optional(Type.String()) })], {
  description:
    'multipart/form-data with the recording in the file field `audio` (at most 3 MB, webm as the browser records it) and `language` (es, en, fr or pt). Sent with a Content-Length (411 otherwise) of at most 3 MB and 64 KB in all; at most one file, 4 text fields of 1 KB and 5 parts (413 beyond any of them).',
});

export const TranscriptionSchema = Type.Object({ text: Type.String({ description: 'What the recording says' }) });
export type Transcription = Static<typeof TranscriptionSchema>;
