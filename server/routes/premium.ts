import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { evaluateAnswer, finalAnalysis, interviewPrep, interviewState, newInterview, verifyAccess } from '../../openapi/routes/premium';
import { premiumOnly } from '../lib/authorize';
import { consentRequired } from '../services/rights/consent';
import { clientOf, fromContract, perMinute, perSessionPerMinute } from '../lib/route';

/** Spec 3-ai §2.8, §4.7, §7 (issues 15, 33): the premium interview's access, state, preparation, answers and analysis. */
const premium: FastifyPluginAsyncTypebox = async (app) => {
  const verified = premiumOnly(app);
  // The interview's model reads the pasted form and the answers: with OpenAI configured, only after its notice.
  const consented = consentRequired('premium', app.premium.writerName !== 'builtin', (request: FastifyRequest, feature) => app.rights.consented(request.access(), feature));

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
    ...fromContract(interviewState),
    config: perSessionPerMinute(60),
    handler: async (request) => {
      const { verified, body } = await app.premium.state(
        { verified: request.session.premium, userId: request.session.userId },
        { language: request.query.language, explicit: request.query.explicit ?? false },
      );
      // Only a change is written: a session the account verified, or the interview found for it.
      const held = request.session.premium;
      if (verified && (verified.orderId !== held?.orderId || verified.interviewId !== held?.interviewId)) request.session.set('premium', verified);
      return body;
    },
  });

  app.route({
    ...fromContract(interviewPrep),
    onRequest: [verified, consented],
    config: perSessionPerMinute(20),
    handler: async (request, reply) => {
      const verified = request.session.premium;
      const interview = await app.premium.prepare(verified, request.owner().ownerToken, { ...request.body, language: request.body.language ?? 'es' });
      request.session.set('premium', { orderId: verified?.orderId as string, interviewId: interview.interviewId });
      // Still being prepared: the page follows the interview's state (issue 42).
      return reply.code(interview.status === 'ready' ? 200 : 202).send(interview);
    },
  });

  app.route({
    ...fromContract(evaluateAnswer),
    onRequest: [verified, consented],
    config: perSessionPerMinute(60),
    handler: async (request) => app.premium.evaluate(request.session.premium, { ...request.body, language: request.body.language ?? 'es' }),
  });

  app.route({
    ...fromContract(finalAnalysis),
    onRequest: [verified, consented],
    config: perSessionPerMinute(30),
    handler: async (request) => app.premium.analyze(request.session.premium, { answers: request.body.answers, language: request.body.language ?? 'es' }),
  });

  app.route({
    ...fromContract(newInterview),
    config: perSessionPerMinute(30),
    handler: async (request) => {
      // Back to the access code (spec 3-ai §2.9): the interview stays on record, this session no longer holds it.
      if (request.session.premium) request.session.set('premium', undefined);
      return { ended: true };
    },
  });
};

export default premium;
