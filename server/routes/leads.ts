import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { captureLead, createLead, getLead, saveChatLead, updateLead } from '../../openapi/routes/leads';
import { leadOwnerOnly } from '../lib/authorize';
import { fromContract, perMinute } from '../lib/route';
import { sessionInTransaction } from '../plugins/session/session';

const LEAD_BODY_LIMIT = 256 * 1024;

const leads: FastifyPluginAsyncTypebox = async (app) => {
  app.route({
    ...fromContract(createLead),
    bodyLimit: LEAD_BODY_LIMIT,
    config: perMinute(30),
    handler: async (request, reply) => {
      const session = sessionInTransaction(request);
      const created = await app.leads.create(request.owner(), request.body, session.write);
      session.committed();
      return reply.status(201).send(created);
    },
  });

  app.route({
    ...fromContract(captureLead),
    config: perMinute(20),
    handler: async (request, reply) => {
      const captured = await app.leads.capture(request.owner(), request.body);
      return reply.status(captured.existing ? 200 : 201).send(captured);
    },
  });

  app.route({
    ...fromContract(updateLead),
    bodyLimit: LEAD_BODY_LIMIT,
    config: perMinute(60),
    onRequest: leadOwnerOnly(app),
    handler: async (request) => app.leads.update(request.access(), request.params.leadId, request.body),
  });

  app.route({
    ...fromContract(getLead),
    handler: async (request) => app.leads.get(request.access(), request.params.leadId),
  });

  app.route({
    ...fromContract(saveChatLead),
    config: perMinute(20),
    handler: async (request, reply) => {
      const saved = await app.leads.saveChatLead(request.owner(), request.body);
      return reply.status(saved.existing ? 200 : 201).send(saved);
    },
  });
};

export default leads;
