import { Type } from 'typebox';
import { defineRoute } from '../contract';
import { PageViewBatchSchema } from '../schemas/analytics';
import { PAGE_VIEWS_PATH } from './analyticsPath';

export const recordPageViews = defineRoute({
  method: 'POST',
  url: PAGE_VIEWS_PATH,
  tags: ['analytics'],
  summary: 'First-party page views from one browser (a random visitor cookie; paths only, nothing personal)',
  body: PageViewBatchSchema,
  responses: { 204: Type.Null() },
});
