import { defineRoute } from '../contract';
import { errorResponses } from '../schemas/common';
import { SpeechAudioSchema, SpeechToTextSchema, TextToSpeechSchema, TranscriptionSchema } from '../schemas/voice';

export const textToSpeech = defineRoute({
  method: 'POST',
  url: '/api/voice/text-to-speech',
  tags: ['premium'],
  summary: 'A question read aloud in Spanish or English: eSpeak NG (WAV) offline, OpenAI speech (MP3) when configured. Verified premium sessions only (403); with OpenAI speech or a transcription service configured, the voice notice accepted first (403 voice_consent_required).',
  body: TextToSpeechSchema,
  responses: { 200: SpeechAudioSchema, ...errorResponses(400, 403, 429) },
});

export const speechToText = defineRoute({
  method: 'POST',
  url: '/api/voice/speech-to-text',
  tags: ['premium'],
  summary:
    'The text of a recorded answer, from an OpenAI-compatible transcription endpoint. 503 when none is configured or it cannot answer: the answer can be typed instead. Verified premium sessions only (403); with OpenAI speech or a transcription service configured, the voice notice accepted first (403 voice_consent_required).',
  body: SpeechToTextSchema,
  responses: { 200: TranscriptionSchema, ...errorResponses(400, 403, 411, 413, 429, 503) },
});
