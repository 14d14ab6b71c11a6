import http from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyError } from 'fastify';
import fp from 'fastify-plugin';
import { ConversationFull } from '../../db/queries/conversationBounds';
import { outageOf, unavailable } from '../lib/outage';
import { Problem, shape } from '../lib/problems';

/** Longer request targets are refused with 414 before any route sees them (Node refuses past 16 KB with 431). */
export const MAX_URL_LENGTH = 8 * 1024;

const MESSAGES: Record<number, string> = {
  408: 'The request took too long to arrive; please send it again.',
  413: 'The request body is too large.',
  414: `The address is too long (at most ${MAX_URL_LENGTH} characters).`,
  415: 'Send the body as application/json.',
  431: 'The request headers are too large.',
};

/**
 * One error shape for every failure: { statusCode, error, message }. Client errors keep a message a person
 * can act on (validation names the field); server errors are logged with the request and never leak details.
 */
export default fp(
  async (app) => {
    // Callback hooks, not async ones: they run on every request, and a promise each is measurable (issue 16).
    app.addHook('onRequest', (request, reply, done) => {
      if (request.url.length > MAX_URL_LENGTH) reply.status(414).send(shape(414, MESSAGES[414] as string));
      else done();
    });
    app.setErrorHandler((error: FastifyError, request, reply) => {
      // The database or Redis out of reach: 503 with Retry-After and a message a person can act on, not a crash of
      // ours (issue 41). Logged as a warning: it is the outage, said once per request, not a bug to look into.
      const outage = error instanceof Problem ? null : outageOf(error);
      if (outage) request.log.warn({ err: error, url: request.url, method: request.method, outage }, 'request refused: outage');
      // Nor is the session saved as the refusal goes out: the request's own writes were rolled back, and the save
      // would wait out the same locked or absent database a second time (and a third, answering its failure).
      if (outage === 'database' && 'session' in request) (request as { session: unknown }).session = null;
      const err = (outage ? unavailable(outage) : error instanceof ConversationFull ? new Problem(413, error.message, {}, 'conversation_full') : error) as FastifyError;
      const statusCode = err.statusCode && err.statusCode >= 400 ? err.statusCode : 500;
      // A service that says why it cannot serve (speech to text not configured: 503) is not a crash to hide.
      if (statusCode >= 500 && !(err instanceof Problem)) {
        request.log.error({ err, url: request.url, method: request.method }, 'request failed');
        return reply.status(statusCode).send(shape(statusCode, 'Something went wrong on our side. Please try again.'));
      }
      const message = err.validation ? validationMessage(err) : (FRAMEWORK_MESSAGES[err.code] ?? err.message);
      if (!(err instanceof Problem)) return reply.status(statusCode).send(shape(statusCode, message));
      reply.headers(err.headers);
      return reply.status(statusCode).send(shape(statusCode, message, err.code, err.orderId));
    });
  },
  { name: 'errors' },
);

/** Fastify's own errors, in words an API user can act on. */
const FRAMEWORK_MESSAGES: Record<string, string> = {
  FST_ERR_CTP_BODY_TOO_LARGE: MESSAGES[413] as string,
  FST_ERR_CTP_INVALID_MEDIA_TYPE: MESSAGES[415] as string,
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'The Content-Length header does not match the body.',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'The body is empty; send a JSON object.',
  FST_ERR_CTP_INVALID_JSON_BODY: 'The body is not valid JSON.',
};

/** Errors Node's HTTP parser raises before Fastify sees a request (oversized headers, timeouts), in the same shape. */
export function clientErrorHandler(err: Error & { code?: string }, socket: Socket): void {
  if (err.code === 'ECONNRESET' || socket.destroyed) return;
  const statusCode = err.code === 'HPE_HEADER_OVERFLOW' ? 431 : err.code === 'ERR_HTTP_REQUEST_TIMEOUT' ? 408 : 400;
  const body = JSON.stringify(shape(statusCode, MESSAGES[statusCode] ?? 'The request could not be read.'));
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${statusCode} ${http.STATUS_CODES[statusCode]}\r\nContent-Length: ${Buffer.byteLength(body)}\r\nContent-Type: application/json\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy(err);
}

function validationMessage(err: FastifyError): string {
  const first = err.validation?.[0];
  if (!first) return err.message;
  const context = err.validationContext ?? 'body';
  const params = (first.params ?? {}) as { missingProperty?: string; additionalProperty?: string };
  const at = first.instancePath.replace(/^\//, '').replace(/\//g, '.');
  const within = (name: string) => (at ? `${at}.${name}` : name);
  if (params.additionalProperty) return `${context}.${within(params.additionalProperty)}: is not a known field`;
  if (params.missingProperty) return `${context}.${within(params.missingProperty)}: is required`;
  return at ? `${context}.${at}: ${first.message}` : `${context}: ${first.message}`;
}
