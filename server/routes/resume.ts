import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { issueResumeCode, resumeApplication } from '../../openapi/routes/resume';
import { leadOwnerOnly } from '../lib/authorize';
import { clientOf, fromContract } from '../lib/route';
import { requestLanguage } from '../plugins/prerendered';

/** A session keeps at most this many resumed leads (the newest). */
const MAX_RESUMED = 20;

/** Issue 11, resume on any device: a lead's resume code, and the code with the e-mail bringing it back. */
const resume: FastifyPluginAsyncTypebox = async (app) => {
  app.route({
    ...fromContract(issueResumeCode),
    config: { rateLimit: { max: 10, timeWindow: '1 minute' } },
    onRequest: leadOwnerOnly(app),
    // The lead is named in the path: a POST with no body at all is the same request as one with `{}`.
    preValidation: async (request) => {
      request.body ??= {};
    },
    handler: async (request, reply) => {
      const mail = { email: request.body.email, language: requestLanguage(request), notice: (to: string) => app.mail.queuedNotice(to) };
      return reply.code(201).send(await app.resumeCodes.issue(request.access(), request.params.leadId, mail));
    },
  });

  app.route({
    ...fromContract(resumeApplication),
    handler: async (request) => {
      const application = await app.resumeCodes.resume(request.body.code, request.body.email, clientOf(request));
      const granted = (request.session.resumedLeads ?? []).filter((id) => id !== application.leadId);
      request.session.set('resumedLeads', [...granted, application.leadId].slice(-MAX_RESUMED));
      return application;
    },
  });
};

export default resume;
