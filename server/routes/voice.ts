import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { speechToText, textToSpeech } from '../../openapi/routes/voice';
import { INTERVIEW_LANGUAGES, type InterviewLanguage } from '../../openapi/schemas/premium';
import { SpeechToTextSchema } from '../../openapi/schemas/voice';
import { premiumOnly } from '../lib/authorize';
import { consentRequired } from '../services/rights/consent';
import { NoRecognizer } from '../services/speech/recognizer';
import { oneFileLimits, readUpload, UPLOAD_LIMIT_BYTES, uploadBudget, type UploadRules } from '../lib/multipart';
import { badRequest, Problem } from '../lib/problems';
import { fromContract, perSessionPerMinute } from '../lib/route';

const EXTENSIONS = { 'audio/wav': 'wav', 'audio/mpeg': 'mp3' } as const;

/** The recording in the file field `audio` and the `language` field; a 3 MB file and a little form around it. */
const RECORDING: UploadRules = {
  file: 'audio',
  fields: ['language'],
  limits: oneFileLimits(UPLOAD_LIMIT_BYTES),
  bodyLimit: UPLOAD_LIMIT_BYTES + 64 * 1024,
  fileTooLarge: () => new Problem(413, 'The recording is over 3 MB: record a shorter answer.'),
  howToSend: 'the recording as multipart/form-data in the file field "audio"',
};

async function recording(request: FastifyRequest): Promise<{ audio: Buffer; fileName: string; language: InterviewLanguage }> {
  const { file, fields } = await readUpload(request, RECORDING);
  if (!file?.data.length) throw badRequest('audio', 'is required (a file field named "audio")');
  // Only the extension is kept: it tells the transcription service the format.
  const extension = /\.(webm|ogg|wav|mp3|m4a|mp4)$/i.exec(file.filename)?.[0]?.toLowerCase() ?? '.webm';
  return { audio: file.data, fileName: `answer${extension}`, language: (INTERVIEW_LANGUAGES as readonly unknown[]).includes(fields.language) ? (fields.language as InterviewLanguage) : 'es' };
}

/** Spec 3-ai §2.9, §7: the voice interview's speech, for verified premium sessions only. */
const voice: FastifyPluginAsyncTypebox = async (app) => {
  // eSpeak's WebAssembly is compiled on the first question spoken (40 MB), not at start, for the same reason as
  // the face detector's (routes/photo.ts).

  const verified = premiumOnly(app);
  // OpenAI's speech reads the questions (they quote the applicant's form), a transcription service hears the
  // answers: either only after the voice notice (issue 44).
  const consented = (request: FastifyRequest, feature: 'premium' | 'voice') => app.rights.consented(request.access(), feature);
  const speaking = consentRequired('voice', app.speech.name !== 'espeak', consented);
  const hearing = consentRequired('voice', !(app.recognizer instanceof NoRecognizer), consented);

  app.route({
    ...fromContract(textToSpeech),
    config: perSessionPerMinute(60),
    onRequest: [verified, speaking],
    handler: async (request, reply) => {
      const speech = await app.speech.synthesize(request.body.text, request.body.language ?? 'es');
      return reply
        .type(speech.contentType)
        .header('content-disposition', `inline; filename="question.${EXTENSIONS[speech.contentType]}"`)
        .header('cache-control', 'private, no-store')
        .send(speech.audio);
    },
  });

  const stt = fromContract(speechToText);
  app.route({
    ...stt,
    schema: { ...stt.schema, body: { content: { 'multipart/form-data': { schema: SpeechToTextSchema } } } },
    bodyLimit: RECORDING.bodyLimit,
    config: perSessionPerMinute(30),
    onRequest: [verified, hearing, uploadBudget(RECORDING)],
    handler: async (request) => {
      if (!request.isMultipart()) throw badRequest('audio', 'send the recording as multipart/form-data in the file field "audio"');
      const { audio, fileName, language } = await recording(request);
      return { text: await app.recognizer.transcribe(audio, fileName, language) };
    },
  });
};

export default voice;
