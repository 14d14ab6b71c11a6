import { defineRoute } from '../contract';
import { Type } from 'typebox';
import { AnalysisSchema, EstaCheckSchema } from '../schemas/results';

export const getAnalysis = defineRoute({
  method: 'GET',
  url: '/api/wizard/analysis',
  tags: ['results'],
  summary: "The approval analysis of this session's (or account's) newest pre-assessment, from the built-in rules; 204 when there is none yet",
  responses: { 200: AnalysisSchema, 204: Type.Null() },
});

export const getEstaCheck = defineRoute({
  method: 'GET',
  url: '/api/esta/check',
  tags: ['results'],
  summary: "Whether the newest pre-assessment's nationality and purpose qualify for ESTA, from the one visa rule; 204 when there is none yet",
  responses: { 200: EstaCheckSchema, 204: Type.Null() },
});
