import { defineRoute } from '../contract';
import { errorResponses } from '../schemas/common';
import { JobsOverviewSchema } from '../schemas/jobs';

export const adminJobs = defineRoute({
  method: 'GET',
  url: '/api/admin/jobs',
  tags: ['admin'],
  summary: 'Work that happens later: each queue with its schedule and waiting, running and failed jobs, the runs of the last day by job, and the 50 latest runs',
  responses: { 200: JobsOverviewSchema, ...errorResponses(401, 403) },
});
