import type { FastifyError } from 'fastify';
import fp from 'fastify-plugin';

/**
 * One error shape for every failure: { statusCode, error, message }. Client errors keep a message a person
 * can act on (validation names the field); server errors are logged with the request and never leak details.
 */
export default fp(
  async (app) => {
    app.setErrorHandler((err: FastifyError, request, reply) => {
      const statusCode = err.statusCode && err.statusCode >= 400 ? err.statusCode : 500;
      if (statusCode >= 500) {
        request.log.error({ err, url: request.url, method: request.method }, 'request failed');
        return reply.status(statusCode).send({ statusCode, error: 'Internal Server Error', message: 'Something went wrong on our side. Please try again.' });
      }
      const message = err.validation ? validationMessage(err) : err.message;
      return reply.status(statusCode).send({ statusCode, error: httpError(statusCode), message });
    });
  },
  { name: 'errors' },
);

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

const NAMES: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  409: 'Conflict',
  413: 'Payload Too Large',
  415: 'Unsupported Media Type',
  429: 'Too Many Requests',
};

export function httpError(statusCode: number): string {
  return NAMES[statusCode] ?? 'Error';
}
