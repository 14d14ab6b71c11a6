import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { aivisaApplication, aivisaChat, aivisaCheckout } from '../../openapi/routes/aivisa';
import { fromContract, orNoContent, perSessionPerMinute } from '../lib/route';
import { closedSignal, sendReply } from '../lib/stream';

/** Spec 3-ai §2.5, §4.4, §7: the advanced chat, its application and its checkout. */
const aivisa: FastifyPluginAsyncTypebox = async (app) => {
  app.route({
    ...fromContract(aivisaChat),
    config: perSessionPerMinute(60),
    handler: async (request, reply) => {
      const turn = await app.aivisa.turn(request.owner(), request.access(), request.body, closedSignal(request));
      return sendReply(request, reply, turn.pieces, turn.finish) as never;
    },
  });

  app.route({
    ...fromContract(aivisaApplication),
    config: perSessionPerMinute(120),
    handler: async (request, reply) => orNoContent(reply, await app.aivisa.application(request.access(), request.params.sessionId)),
  });

  app.route({
    ...fromContract(aivisaCheckout),
    config: perSessionPerMinute(30),
    handler: async (request) => app.aivisa.checkout(request.access(), request.body.sessionId, request.body.plan),
  });
};

export default aivisa;
