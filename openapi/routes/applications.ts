import { defineRoute } from '../contract';
import { ApplicationsSchema } from '../schemas/applications';
import { errorResponses } from '../schemas/common';

export const listApplications = defineRoute({
  method: 'GET',
  url: '/api/applications',
  tags: ['applications'],
  summary: "The signed-in user's (or guest's) applications, newest change first, with progress and payment",
  responses: { 200: ApplicationsSchema, ...errorResponses(401) },
});
