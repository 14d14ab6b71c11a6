import { defineRoute } from '../contract';
import { errorResponses } from '../schemas/common';
import { AnalysisSchema, EstaCheckSchema } from '../schemas/results';

export const getAnalysis = defineRoute({
  method: 'GET',
  url: '/api/wizard/analysis',
  tags: ['results'],
  summary: "The approval analysis of this session's (or account's) newest pre-assessment, from the built-in rules",
  responses: { 200: AnalysisSchema, ...errorResponses(404) },
});

export const getEstaCheck = defineRoute({
  method: 'GET',
  url: '/api/esta/check',
  tags: ['results'],
  summary: "Whether the newest pre-assessment's nationality and purpose qualify for ESTA, from the one visa rule",
  responses: { 200: EstaCheckSchema, ...errorResponses(404) },
});
