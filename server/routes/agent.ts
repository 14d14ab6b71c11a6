import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import en from '../../locales/en/ds160form.json' with { type: 'json' };
import { DS160_FORM_SECTIONS } from '../../machines/domain/ds160Sections';
import { agentChat, agentSession, ds160Progress, ds160Sections, freshConversation } from '../../openapi/routes/agent';
import { freshConversation as goOnFresh } from '../services/ai/chats/kept';
import { fromContract, orNoContent, perSessionPerMinute } from '../lib/route';
import { closedSignal, sendReply } from '../lib/stream';

const SECTIONS = DS160_FORM_SECTIONS.map((id) => ({ id, title: (en.sections as Record<string, { title: string }>)[id]?.title ?? id }));

/** What the consular chat's answers already cover of the DS-160 form. */
const COVERED: Record<string, (s: { name?: string; email?: string; phone?: string; purpose?: string; country?: string }) => boolean> = {
  'personal-info': (s) => Boolean(s.name && s.country),
  'travel-info': (s) => Boolean(s.purpose),
  'address-phone': (s) => Boolean(s.email && s.phone),
};

/** Spec 3-ai §2.6, §4.5, §7: the consular-agent chat, its session, and the DS-160 sections it shows. */
const agent: FastifyPluginAsyncTypebox = async (app) => {
  app.route({
    ...fromContract(agentChat),
    config: perSessionPerMinute(60),
    handler: async (request, reply) => {
      const turn = await app.agent.turn(request.owner(), request.access(), request.body, closedSignal(request));
      return sendReply(request, reply, turn.pieces, turn.finish) as never;
    },
  });

  app.route({
    ...fromContract(agentSession),
    config: perSessionPerMinute(120),
    handler: async (request, reply) => orNoContent(reply, await app.agent.kept(request.access(), request.params.sessionId)),
  });

  app.route({
    ...fromContract(freshConversation),
    config: perSessionPerMinute(20),
    handler: async (request, reply) => {
      await goOnFresh(app.db, request.access(), request.owner(), request.params.sessionId, request.body.to);
      return reply.code(201).send({ sessionId: request.body.to });
    },
  });

  app.route({ ...fromContract(ds160Sections), handler: async () => SECTIONS });

  app.route({
    ...fromContract(ds160Progress),
    config: perSessionPerMinute(120),
    handler: async (request) => {
      const session = await app.agent.session(request.access(), request.params.sessionId);
      const sections = SECTIONS.map((s) => ({ ...s, isCompleted: COVERED[s.id]?.(session) ?? false }));
      return { sections, completed: sections.filter((s) => s.isCompleted).length, total: sections.length };
    },
  });
};

export default agent;
