import { Readable } from 'node:stream';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { cappedReply } from '../../db/queries/conversationBounds';
import { shape } from './problems';

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
export async function sendReply<T>(request: FastifyRequest, reply: FastifyReply, engine: AsyncIterable<string>, finish: (content: string) => T | Promise<T>): Promise<unknown> {
  // A reply is cut at the room its turn took in the conversation (issue 41), so what is shown is always kept.
  const pieces = cappedReply(engine);
  if (!(request.headers.accept ?? '').includes('text/event-stream')) {
    let content = '';
    try {
      for await (const piece of pieces) content += piece;
    } catch (err) {
      // What was written is kept and completed by `finish`: a failing engine never costs the applicant the reply.
      request.log.error({ err }, 'the chat reply failed midway');
    }
    return finish(content);
  }
  async function* events() {
    let content = '';
    let finished = false;
    try {
      for await (const piece of pieces) {
        content += piece;
        yield event('piece', { text: piece });
      }
      finished = true;
      yield event('done', await finish(content));
    } catch (err) {
      request.log.error({ err }, 'the chat reply failed while streaming');
      yield event('error', shape(500, 'The reply could not be completed'));
    } finally {
      // The browser went away midway (issue 32): the reply is still kept with its message, completed.
      if (!finished) await Promise.resolve(finish(content)).catch((err: unknown) => request.log.error({ err }, 'the chat reply could not be kept'));
    }
  }
  return reply
    .header('content-type', 'text/event-stream; charset=utf-8')
    .header('cache-control', 'no-store')
    .header('x-accel-buffering', 'no')
    .send(Readable.from(events()));
}
