import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { evaluateAnswer, finalAnalysis, interviewPrep, verifyAccess } from '../../openapi/routes/premium';
import { premiumOnly } from '../lib/authorize';
import { clientOf, fromContract, perMinute, perSessionPerMinute } from '../lib/route';

/** Spec 3-ai §2.8, §4.7, §7: the premium interview's access, preparation, answers and analysis. */
const premium: FastifyPluginAsyncTypebox = async (app) => {
  const verified = premiumOnly(app);

  app.route({
    ...fromContract(verifyAccess),
    config: perMinute(30),
    handler: async (request) => {
      const { ownerToken } = request.owner();
      const result = await app.premium.verifyAccess(request.body.code, { session: ownerToken, client: clientOf(request) });
      if (result.orderId) {
        // A new code starts a new interview; the old one stays in the database with its answers.
        request.session.set('premium', { orderId: result.orderId });
      }
      return { valid: result.valid, savedApplication: result.savedApplication };
    },
  });

  app.route({
    ...fromContract(interviewPrep),
    onRequest: verified,
    config: perSessionPerMinute(20),
    handler: async (request) => {
      const verified = request.session.premium;
      const interview = await app.premium.prepare(verified, request.owner().ownerToken, { ...request.body, language: request.body.language ?? 'es' });
      request.session.set('premium', { orderId: verified?.orderId as string, interviewId: interview.interviewId });
      return interview;
    },
  });

  app.route({
    ...fromContract(evaluateAnswer),
    onRequest: verified,
    config: perSessionPerMinute(60),
    handler: async (request) => app.premium.evaluate(request.session.premium, { ...request.body, language: request.body.language ?? 'es' }),
  });

  app.route({
    ...fromContract(finalAnalysis),
    onRequest: verified,
    config: perSessionPerMinute(30),
    handler: async (request) => app.premium.analyze(request.session.premium, { answers: request.body.answers, language: request.body.language ?? 'es' }),
  });
};

export default premium;
