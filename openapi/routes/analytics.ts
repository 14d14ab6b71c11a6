import { Type } from 'typebox';
import { defineRoute } from '../contract';
import { PageViewBatchSchema } from '../schemas/analytics';

// Its own file: every page sends page views, so the landing bundle takes this contract and not the admin's.
export const recordPageViews = defineRoute({
  method: 'POST',
  url: '/api/analytics/pageviews',
  tags: ['analytics'],
  summary: 'First-party page views from one browser (a random visitor cookie; paths only, nothing personal)',
  body: PageViewBatchSchema,
  responses: { 204: Type.Null() },
});
