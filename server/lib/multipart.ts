import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { shape } from './problems';
import { badRequest, Problem } from './problems';

/** A file of at most 3 MB: a photo or a recorded answer. */
export const UPLOAD_LIMIT_BYTES = 3 * 1024 * 1024;

/**
 * What a multipart route reads (busboy's own defaults take any number of text fields of up to 1 MB each, all held
 * in memory: 950 such fields grew the server by a gigabyte). Every limit is explicit, and each one passed is a 413.
 */
export interface UploadRules {
  /** The file field the route reads. */
  file: string;
  /** The text fields it reads; other fields within the count are ignored. */
  fields: readonly string[];
  limits: {
    /** Text fields and their value's bytes (a name is held to the part's header size by busboy itself). */
    fields: number;
    fieldSize: number;
    /** Files and the bytes of each. */
    files: number;
    fileSize: number;
    /** Fields and files together, and the headers of each part. */
    parts: number;
    headerPairs: number;
  };
  /** The whole body in bytes, as for a JSON body of this route: more is refused before a byte is read. */
  bodyLimit: number;
  /** The route's own message for a file over fileSize. */
  fileTooLarge: () => Problem;
  /** How to send it, for a 400 ("the photo as multipart/form-data in the file field "photo""). */
  howToSend: string;
}

/** One file and a few short fields: what the photo check and the voice answer send. */
export function oneFileLimits(fileSize: number): UploadRules['limits'] {
  return { fields: 4, fieldSize: 1024, files: 1, fileSize, parts: 5, headerPairs: 20 };
}

export const isMultipart = (request: FastifyRequest) => /^multipart\/form-data\b/i.test(request.headers['content-type'] ?? '');

/**
 * The budget of the whole request, checked before anything is read: a multipart body must say its length
 * (411 otherwise) and keep within the route's body limit (413), so a stream of parts can never outgrow it.
 */
export function uploadBudget(rules: UploadRules) {
  return (request: FastifyRequest, reply: FastifyReply, done: () => void) => {
    if (!isMultipart(request)) return done();
    const length = request.headers['content-length'];
    if (length === undefined || !/^\d+$/.test(length)) {
      return void reply.status(411).send(shape(411, 'Send the upload with a Content-Length header.'));
    }
    if (Number(length) > rules.bodyLimit) {
      return void reply.status(413).send(shape(413, `The upload is too large (at most ${Math.floor(rules.bodyLimit / 1024)} KB in all).`));
    }
    done();
  };
}

const tooManyParts = (rules: UploadRules) =>
  new Problem(413, `The upload has too many parts: at most ${rules.limits.fields} text fields and ${rules.limits.files} file.`);

/** Reads the file and the named fields of a multipart body within the rules; anything over a limit is a 413. */
export async function readUpload(request: FastifyRequest, rules: UploadRules): Promise<{ file: { data: Buffer; filename: string } | undefined; fields: Record<string, string> }> {
  let file: { data: Buffer; filename: string } | undefined;
  const fields: Record<string, string> = {};
  try {
    for await (const part of request.parts({ limits: rules.limits })) {
      if (part.type === 'field') {
        if (part.valueTruncated) throw new Problem(413, `body.${part.fieldname}: is over ${rules.limits.fieldSize} bytes`);
        if (rules.fields.includes(part.fieldname) && typeof part.value === 'string') fields[part.fieldname] = part.value;
      } else if (part.fieldname === rules.file && !file) {
        file = { data: await part.toBuffer(), filename: part.filename };
      } else {
        part.file.resume();
      }
    }
  } catch (err) {
    if (err instanceof Problem) throw err;
    const code = (err as FastifyError).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw rules.fileTooLarge();
    if (code === 'FST_PARTS_LIMIT' || code === 'FST_FILES_LIMIT' || code === 'FST_FIELDS_LIMIT') throw tooManyParts(rules);
    throw badRequest(rules.file, `the upload could not be read; send ${rules.howToSend}`);
  }
  return { file, fields };
}
