import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { findCountry } from '../../machines/domain/countries';
import { eligibility } from '../../machines/domain/visaRules';
import { getSetting } from '../../db/queries/settings';
import { errorResponses } from '../../openapi/schemas/common';
import { EligibilityQuerySchema, EligibilitySchema } from '../../openapi/schemas/eligibility';

const eligibilityRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/api/eligibility',
    {
      schema: {
        tags: ['eligibility'],
        summary: 'Recommended visa type, stay, fees, processing time and requirements for a nationality and purpose',
        querystring: EligibilityQuerySchema,
        response: { 200: EligibilitySchema, ...errorResponses(400) },
      },
    },
    async (request, reply) => {
      const country = findCountry(request.query.country);
      if (!country) {
        return reply.status(400).send({ statusCode: 400, error: 'Bad Request', message: 'querystring.country: unknown country' });
      }
      const [pricing, fees] = await Promise.all([getSetting(app.db, 'pricing'), getSetting(app.db, 'fees')]);
      return eligibility(country.name, request.query.purpose, {
        estaGovernmentFee: fees.estaGovernmentFee,
        ds160GovernmentFee: fees.ds160GovernmentFee,
        estaServiceFee: pricing.ESTA,
        ds160ServiceFee: pricing.DS160_BASIC,
      });
    },
  );
};

export default eligibilityRoutes;
