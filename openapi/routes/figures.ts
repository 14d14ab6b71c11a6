import { defineRoute } from '../contract';
import { SiteFiguresSchema } from '../schemas/figures';

export const getFigures = defineRoute({
  method: 'GET',
  url: '/api/figures',
  tags: ['site'],
  summary: "The figures the landing page states, computed from Rumbo's own data over the last 90 whole days (none below 10 applications)",
  responses: { 200: SiteFiguresSchema },
});
