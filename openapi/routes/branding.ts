import { defineRoute } from '../contract';
import { BrandingSchema } from '../schemas/branding';

export const getBranding = defineRoute({
  method: 'GET',
  url: '/api/admin/branding',
  tags: ['branding'],
  summary: 'Brand name and chat assistant name shown in the header, hero and chats (public)',
  responses: { 200: BrandingSchema },
});
