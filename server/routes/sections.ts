import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { analyzeForm, intelligentChat, responseAnalysis, sectionsConversation } from '../../openapi/routes/sections';
import type { Language } from '../services/ai/builtin/text';
import { fromContract, orNoContent, perSessionPerMinute } from '../lib/route';
import { closedSignal, sendReply } from '../lib/stream';

/** Spec 3-ai §2.7, §4.6, §7: the intelligent chat's reply, answer analysis and final analysis. */
const sections: FastifyPluginAsyncTypebox = async (app) => {
  app.route({
    ...fromContract(intelligentChat),
    config: perSessionPerMinute(60),
    handler: async (request, reply) => {
      const turn = await app.sections.reply(request.owner(), request.access(), request.body, closedSignal(request));
      return sendReply(request, reply, turn.pieces, turn.finish) as never;
    },
  });

  app.route({
    ...fromContract(responseAnalysis),
    config: perSessionPerMinute(60),
    handler: async (request) => app.sections.analyzeResponse(request.owner(), request.access(), request.body),
  });

  app.route({
    ...fromContract(sectionsConversation),
    config: perSessionPerMinute(120),
    handler: async (request, reply) => orNoContent(reply, await app.sections.conversation(request.access(), request.params.sessionId)),
  });

  app.route({
    ...fromContract(analyzeForm),
    config: perSessionPerMinute(20),
    handler: async (request) => app.sections.analyzeForm(request.body.formData, request.body.language as Language, request.body.visaType),
  });
};

export default sections;
