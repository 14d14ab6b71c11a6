import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { answerAssistantQuestion, assistantConversation, createAssistantSession, nextAssistantQuestion } from '../../openapi/routes/aiassistant';
import { fromContract, perSessionPerMinute } from '../lib/route';

/** Spec 3-ai §2.4, §7: the AI assistant's interview, one question at a time. */
const aiassistant: FastifyPluginAsyncTypebox = async (app) => {
  app.route({
    ...fromContract(createAssistantSession),
    config: perSessionPerMinute(20),
    handler: async (request, reply) => reply.code(201).send(await app.assistant.begin(request.owner(), request.body.type)),
  });

  app.route({
    ...fromContract(nextAssistantQuestion),
    config: perSessionPerMinute(120),
    handler: async (request) => app.assistant.next(request.access(), request.body.sessionId, request.body.language),
  });

  app.route({
    ...fromContract(answerAssistantQuestion),
    config: perSessionPerMinute(120),
    handler: async (request) => app.assistant.answer(request.owner(), request.access(), request.body),
  });

  app.route({
    ...fromContract(assistantConversation),
    config: perSessionPerMinute(120),
    handler: async (request) => app.assistant.conversation(request.access(), request.params.sessionId),
  });
};

export default aiassistant;
