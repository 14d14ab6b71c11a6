import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { eraseApplication, eraseMe, eraseTraveller, giveConsent, myData, myDataPdf, privacy } from '../../openapi/routes/rights';
import { fromContract, perMinute } from '../lib/route';

// An applicant's rights (issue 44): see, take and erase what Rumbo holds for this session or account.
const rights: FastifyPluginAsyncTypebox = async (app) => {
  app.route({ ...fromContract(myData), config: perMinute(20), handler: async (request) => app.rights.data(request.access()) });

  app.route({
    ...fromContract(myDataPdf),
    config: perMinute(10),
    handler: async (request, reply) => {
      const file = await app.rights.pdf(request.access());
      reply.type('application/pdf').header('content-disposition', `attachment; filename="${file.fileName}"`).header('cache-control', 'private, no-store');
      return file.bytes;
    },
  });

  app.route({ ...fromContract(eraseApplication), config: perMinute(20), handler: async (request) => app.rights.eraseApplication(request.access(), request.params.leadId) });
  app.route({
    ...fromContract(eraseTraveller),
    config: perMinute(20),
    handler: async (request) => app.rights.eraseTraveller(request.access(), request.params.groupId, request.params.leadId),
  });

  app.route({
    ...fromContract(eraseMe),
    config: perMinute(5),
    handler: async (request) => {
      const erased = await app.rights.eraseAll(request.access());
      // Nothing of the erased session survives it: a new visit starts a new one.
      if (request.session.sessionId && (request.session.userId || request.session.ownerToken)) await request.session.destroy();
      return erased;
    },
  });

  app.route({ ...fromContract(privacy), handler: async (request) => app.rights.privacy(request.access(), request.query.chat) });

  app.route({
    ...fromContract(giveConsent),
    config: perMinute(20),
    handler: async (request, reply) => {
      const { ownerToken } = request.owner();
      await app.rights.consent({ ...request.access(), ownerToken }, request.body);
      return reply.status(201).send({ recorded: true });
    },
  });
};

export default rights;
