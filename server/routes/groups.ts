import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { addTraveller, createGroup, getGroup, getGroupPayment, groupCheckout, listGroupPayments, groupOfLead, groupQuote, removeTraveller, setGuardian } from '../../openapi/routes/groups';
import { leadOwnerOnly } from '../lib/authorize';
import { fromContract, perMinute } from '../lib/route';
import { requestLanguage } from '../plugins/prerendered';

// Families and groups (issue 36): a group is its leader's, so every route is refused to anyone who may not use
// the leader's lead (the service checks it, under the group's lock where it writes).
const groups: FastifyPluginAsyncTypebox = async (app) => {
  app.route({
    ...fromContract(createGroup),
    config: perMinute(30),
    onRequest: leadOwnerOnly(app),
    handler: async (request, reply) => {
      const { group, created } = await app.groups.create(request.access(), request.params.leadId, requestLanguage(request));
      return reply.status(created ? 201 : 200).send(group);
    },
  });

  app.route({
    ...fromContract(groupOfLead),
    onRequest: leadOwnerOnly(app),
    handler: async (request) => app.groups.ofLead(request.access(), request.params.leadId),
  });

  app.route({
    ...fromContract(getGroup),
    handler: async (request) => app.groups.get(request.access(), request.params.groupId),
  });

  app.route({
    ...fromContract(addTraveller),
    config: perMinute(60),
    handler: async (request, reply) => reply.status(201).send(await app.groups.addTraveller(request.access(), request.params.groupId, request.body)),
  });

  app.route({
    ...fromContract(removeTraveller),
    config: perMinute(30),
    handler: async (request) => app.groups.removeTraveller(request.access(), request.params.groupId, request.params.leadId),
  });

  app.route({
    ...fromContract(setGuardian),
    config: perMinute(30),
    handler: async (request) => app.groups.setGuardian(request.access(), request.params.groupId, request.params.leadId, request.body),
  });

  app.route({
    ...fromContract(groupQuote),
    handler: async (request) => app.groupCheckout.quote(request.access(), request.params.groupId, request.query),
  });

  app.route({
    ...fromContract(groupCheckout),
    config: perMinute(10),
    handler: async (request) => app.groupCheckout.process(request.owner(), request.access(), request.params.groupId, request.body, requestLanguage(request)),
  });

  app.route({
    ...fromContract(listGroupPayments),
    handler: async (request) => app.groupCheckout.list(request.access()),
  });

  app.route({
    ...fromContract(getGroupPayment),
    handler: async (request) => app.groupCheckout.get(request.access(), request.params.orderId),
  });
};

export default groups;
