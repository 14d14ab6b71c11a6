import { Readable } from 'node:stream';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { shape } from '../plugins/errors';

const event = (name: string, data: unknown) => `event: ${name}\ndata: ${JSON.stringify(data)}\n\n`;

/** A request's abort signal: the engine stops writing when the browser goes away. */
export function closedSignal(request: FastifyRequest): AbortSignal {
  const abort = new AbortController();
  request.raw.on('close', () => abort.abort());
  return abort.signal;
}

/**
 * A chat reply, streamed (issue 13): with 'Accept: text/event-stream' every piece is sent as it is written
 * (`piece`), then the turn's answer (`done`) or, if the engine fails midway, `error`; otherwise the whole
 * answer as JSON. Refusals happen before this, so they keep their status and JSON body.
 */
export async function sendReply<T>(request: FastifyRequest, reply: FastifyReply, pieces: AsyncIterable<string>, finish: (content: string) => T | Promise<T>): Promise<unknown> {
  if (!(request.headers.accept ?? '').includes('text/event-stream')) {
    let content = '';
    for await (const piece of pieces) content += piece;
    return finish(content);
  }
  async function* events() {
    let content = '';
    try {
      for await (const piece of pieces) {
        content += piece;
        yield event('piece', { text: piece });
      }
      yield event('done', await finish(content));
    } catch (err) {
      request.log.error({ err }, 'the chat reply failed while streaming');
      yield event('error', shape(500, 'The reply could not be completed'));
    }
  }
  return reply
    .header('content-type', 'text/event-stream; charset=utf-8')
    .header('cache-control', 'no-store')
    .header('x-accel-buffering', 'no')
    .send(Readable.from(events()));
}
