import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { getSetting } from '../../db/queries/settings';
import { BrandingSchema } from '../../openapi/schemas/branding';

const branding: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/api/admin/branding',
    {
      schema: {
        tags: ['branding'],
        summary: 'Brand name and chat assistant name shown in the header, hero and chats (public)',
        response: { 200: BrandingSchema },
      },
    },
    async () => getSetting(app.db, 'branding'),
  );
};

export default branding;
