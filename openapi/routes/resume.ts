import { defineRoute } from '../contract';
import { errorResponses } from '../schemas/common';
import { LeadIdParamsSchema } from '../schemas/leads';
import { IssueResumeCodeSchema, ResumeCodeSchema, ResumedSchema, ResumeSchema } from '../schemas/resume';

export const issueResumeCode = defineRoute({
  method: 'POST',
  url: '/api/leads/:leadId/resume-code',
  tags: ['leads'],
  summary: "A resume code for a DS-160 lead this session may change (replaces the lead's earlier code; valid 30 days)",
  params: LeadIdParamsSchema,
  body: IssueResumeCodeSchema,
  responses: { 201: ResumeCodeSchema, ...errorResponses(400, 403, 404, 429) },
});

export const resumeApplication = defineRoute({
  method: 'POST',
  url: '/api/leads/resume',
  tags: ['leads'],
  summary:
    "Bring an application back on this browser with its resume code and the lead's e-mail; this session may then read and change it. 404 when the two match nothing (never which), 410 when the code has expired, 429 after 5 tries a minute",
  body: ResumeSchema,
  responses: { 200: ResumedSchema, ...errorResponses(400, 404, 410, 429) },
});
