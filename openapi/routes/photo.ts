import { defineRoute } from '../contract';
import { errorResponses } from '../schemas/common';
import {
  AnalyzePhotoSchema,
  FixedPhotoSchema,
  FixPhotoSchema,
  PhotoAnalysisResultSchema,
  PhotoFileSchema,
  PhotoIdParamsSchema,
  StoredPhotoSchema,
  StorePhotoSchema,
} from '../schemas/photo';

// The JSON bodies are the contract the client calls; the server also reads analyze-photo as multipart/form-data
// (server/routes/photo.ts adds that media type to the same route, and openapi.json documents both).

export const analyzePhoto = defineRoute({
  method: 'POST',
  url: '/api/analyze-photo',
  tags: ['photo'],
  summary:
    'Check a DS-160 photo against the official requirements (JPEG, square 600-1200 px, at most 240 KB, plain white background, sharp, well lit, one centred face): score, recommendation, issues and requirement rows. 400 when it is not a readable image, 413 above 3 MB',
  body: AnalyzePhotoSchema,
  responses: { 200: PhotoAnalysisResultSchema, ...errorResponses(400, 411, 413, 429) },
});

export const fixPhoto = defineRoute({
  method: 'POST',
  url: '/api/fix-photo',
  tags: ['photo'],
  summary:
    'Correct a DS-160 photo without retouching it: upright, sRGB, square around the face, 600-1200 px, JPEG under 240 KB; the changes made and the check of the result',
  body: FixPhotoSchema,
  responses: { 200: FixedPhotoSchema, ...errorResponses(400, 413, 422, 429) },
});

export const storePhoto = defineRoute({
  method: 'POST',
  url: '/api/photos',
  tags: ['photo'],
  summary: "Keep the photo the applicant chose (the original or the fixed one) with their lead; replaces the lead's earlier photo",
  body: StorePhotoSchema,
  responses: { 201: StoredPhotoSchema, ...errorResponses(400, 403, 404, 413, 429) },
});

export const readPhoto = defineRoute({
  method: 'GET',
  url: '/api/photos/:photoId',
  tags: ['photo'],
  summary: 'A stored photo, for the session or account that chose it, whoever may see its lead, or an admin (never cached)',
  params: PhotoIdParamsSchema,
  responses: { 200: PhotoFileSchema, ...errorResponses(400, 403, 404) },
});
