import { adminLead } from '../../openapi/routes/admin';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { analyzePhoto, fixPhoto, readPhoto, storePhoto } from '../../openapi/routes/photo';
import { AnalyzePhotoSchema, PhotoUploadSchema, type AnalyzePhoto } from '../../openapi/schemas/photo';
import { oneFileLimits, readUpload, UPLOAD_LIMIT_BYTES, uploadBudget, type UploadRules } from '../lib/multipart';
import { badRequest } from '../lib/problems';
import { fromContract, perMinute } from '../lib/route';
import { tooLarge } from '../services/photo/input';

/**
 * A 3 MB photo is about 4 MB as base64: these two routes read up to 4.5 MB (the app's limit stays 1 MB), and
 * the service refuses more than 3 MB once decoded.
 */
export const PHOTO_BODY_LIMIT_BYTES = 4.5 * 1024 * 1024;

/** Decoding, measuring and detecting a face cost about a second of CPU: a person checks a few photos, not hundreds. */

/**
 * A body over the limit answers the spec's message (and 413), not the generic one; everything else goes on to the
 * app's error handler. (Fastify passes only an Error on, and the rate limiter throws a plain object.)
 */
function photoErrors(err: FastifyError, _request: FastifyRequest, _reply: FastifyReply) {
  if (err.code === 'FST_ERR_CTP_BODY_TOO_LARGE' || err.code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge();
  if (err instanceof Error) throw err;
  throw Object.assign(new Error((err as { message?: string }).message ?? 'Request failed'), err);
}

/** The photo as a multipart upload: the file field `photo`, nothing else read, the whole body within the JSON budget. */
const PHOTO_UPLOAD: UploadRules = {
  file: 'photo',
  fields: [],
  limits: oneFileLimits(UPLOAD_LIMIT_BYTES),
  bodyLimit: PHOTO_BODY_LIMIT_BYTES,
  fileTooLarge: tooLarge,
  howToSend: 'the photo as multipart/form-data in the file field "photo"',
};

async function uploadedPhoto(request: FastifyRequest): Promise<Buffer> {
  const { file } = await readUpload(request, PHOTO_UPLOAD);
  if (!file) throw badRequest('photo', 'is required (a file field named "photo")');
  return file.data;
}

const photo: FastifyPluginAsyncTypebox = async (app) => {
  // The face detector loads on the first photo (about 0.6 s, 150 MB), not at start: a server that never checks a
  // photo never holds it (issue 16's memory budget).

  const analyze = fromContract(analyzePhoto);
  app.route({
    ...analyze,
    // The same route reads the spec's JSON body or a multipart upload; each media type has its schema.
    schema: {
      ...analyze.schema,
      body: {
        content: {
          'application/json': { schema: AnalyzePhotoSchema },
          'multipart/form-data': { schema: PhotoUploadSchema },
        },
      },
    },
    bodyLimit: PHOTO_BODY_LIMIT_BYTES,
    config: perMinute(20),
    onRequest: uploadBudget(PHOTO_UPLOAD),
    errorHandler: photoErrors,
    handler: async (request) => {
      const analysis = request.isMultipart()
        ? await app.photos.analyze(await uploadedPhoto(request), 'photo')
        : await app.photos.analyzeDataUrl((request.body as AnalyzePhoto).imageData);
      return { analysis };
    },
  });

  app.route({
    ...fromContract(fixPhoto),
    bodyLimit: PHOTO_BODY_LIMIT_BYTES,
    config: perMinute(20),
    errorHandler: photoErrors,
    handler: async (request) => app.photos.fixDataUrl(request.body.imageData),
  });

  app.route({
    ...fromContract(storePhoto),
    bodyLimit: PHOTO_BODY_LIMIT_BYTES,
    config: perMinute(20),
    errorHandler: photoErrors,
    handler: async (request, reply) => {
      const stored = await app.photoStore.save(request.owner(), request.access(), request.body.imageData, request.body.leadId);
      return reply.code(201).send(stored);
    },
  });

  app.route({
    ...fromContract(readPhoto),
    handler: async (request, reply) => {
      // An operator sees a lead's photo with its details: as their role may, and logged like them (issue 44).
      const staff = await app.staffMay(request, adminLead);
      const photo = await app.photoStore.read(request.access(), request.params.photoId, staff !== null);
      if (photo.byStaff && staff) await app.audit.record(staff, 'lead.photo', photo.leadId ?? request.params.photoId, { photo: request.params.photoId });
      // A person's face: never kept by a shared cache, never guessed into another type.
      return reply.type(photo.contentType).header('cache-control', 'private, no-store').header('x-content-type-options', 'nosniff').send(photo.data);
    },
  });
};

export default photo;
