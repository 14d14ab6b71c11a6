import { Readable } from 'node:stream';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { aivisaApplication, aivisaChat, aivisaCheckout } from '../../openapi/routes/aivisa';
import { shape } from '../plugins/errors';
import { fromContract } from '../lib/route';

const perMinute = (max: number) => ({ rateLimit: { max, timeWindow: '1 minute' } });

const event = (name: string, data: unknown) => `event: ${name}\ndata: ${JSON.stringify(data)}\n\n`;

/** Spec 3-ai §2.5, §4.4, §7: the advanced chat, its application and its checkout. */
const aivisa: FastifyPluginAsyncTypebox = async (app) => {
  app.route({
    ...fromContract(aivisaChat),
    config: perMinute(60),
    handler: async (request, reply) => {
      const abort = new AbortController();
      request.raw.on('close', () => abort.abort());
      const turn = await app.aivisa.turn(request.owner(), request.access(), request.body, abort.signal);
      if (!(request.headers.accept ?? '').includes('text/event-stream')) {
        let content = '';
        for await (const piece of turn.pieces) content += piece;
        return turn.finish(content);
      }
      // Refusals (402, 403, 400) were answered above as JSON; from here on the reply streams.
      async function* events() {
        let content = '';
        try {
          for await (const piece of turn.pieces) {
            content += piece;
            yield event('piece', { text: piece });
          }
          yield event('done', await turn.finish(content));
        } catch (err) {
          request.log.error({ err }, 'the chat reply failed while streaming');
          yield event('error', shape(500, 'The reply could not be completed'));
        }
      }
      return reply
        .header('content-type', 'text/event-stream; charset=utf-8')
        .header('cache-control', 'no-store')
        .header('x-accel-buffering', 'no')
        .send(Readable.from(events()) as never);
    },
  });

  app.route({
    ...fromContract(aivisaApplication),
    config: perMinute(120),
    handler: async (request) => app.aivisa.application(request.access(), request.params.sessionId),
  });

  app.route({
    ...fromContract(aivisaCheckout),
    config: perMinute(30),
    handler: async (request) => app.aivisa.checkout(request.access(), request.body.sessionId, request.body.plan),
  });
};

export default aivisa;
