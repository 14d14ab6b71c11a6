import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyError, FastifyRequest } from 'fastify';
import { speechToText, textToSpeech } from '../../openapi/routes/voice';
import { INTERVIEW_LANGUAGES, type InterviewLanguage } from '../../openapi/schemas/premium';
import { SpeechToTextSchema } from '../../openapi/schemas/voice';
import { badRequest, Problem } from '../lib/problems';
import { fromContract, perSessionPerMinute } from '../lib/route';

const EXTENSIONS = { 'audio/wav': 'wav', 'audio/mpeg': 'mp3' } as const;

/** The recording in the multipart field `audio`, and the `language` field sent before it. */
async function recording(request: FastifyRequest): Promise<{ audio: Buffer; fileName: string; language: InterviewLanguage }> {
  let audio: Buffer | undefined;
  let fileName = 'answer.webm';
  let language: InterviewLanguage = 'es';
  try {
    for await (const part of request.parts()) {
      if (part.type === 'field' && part.fieldname === 'language') language = (INTERVIEW_LANGUAGES as readonly unknown[]).includes(part.value) ? (part.value as InterviewLanguage) : 'es';
      else if (part.type === 'file' && part.fieldname === 'audio' && !audio) {
        audio = await part.toBuffer();
        // Only the extension is kept: it tells the transcription service the format.
        fileName = /\.(webm|ogg|wav|mp3|m4a|mp4)$/i.test(part.filename) ? `answer${part.filename.slice(part.filename.lastIndexOf('.')).toLowerCase()}` : 'answer.webm';
      } else if (part.type === 'file') part.file.resume();
    }
  } catch (err) {
    if ((err as FastifyError).code === 'FST_REQ_FILE_TOO_LARGE') throw new Problem(413, 'The recording is over 3 MB: record a shorter answer.');
    if (err instanceof Problem) throw err;
    throw badRequest('audio', 'the upload could not be read; send the recording as multipart/form-data in the file field "audio"');
  }
  if (!audio?.length) throw badRequest('audio', 'is required (a file field named "audio")');
  return { audio, fileName, language };
}

/** Spec 3-ai §2.9, §7: the voice interview's speech, for verified premium sessions only. */
const voice: FastifyPluginAsyncTypebox = async (app) => {
  // eSpeak's WebAssembly is compiled on the first question spoken (40 MB), not at start, for the same reason as
  // the face detector's (routes/photo.ts).

  app.route({
    ...fromContract(textToSpeech),
    config: perSessionPerMinute(60),
    handler: async (request, reply) => {
      await app.premium.requireVerified(request.session.premium);
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
    config: perSessionPerMinute(30),
    handler: async (request) => {
      await app.premium.requireVerified(request.session.premium);
      if (!request.isMultipart()) throw badRequest('audio', 'send the recording as multipart/form-data in the file field "audio"');
      const { audio, fileName, language } = await recording(request);
      return { text: await app.recognizer.transcribe(audio, fileName, language) };
    },
  });
};

export default voice;
