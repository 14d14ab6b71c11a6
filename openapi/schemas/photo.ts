import { Type, type Static } from 'typebox';
import { Strict } from './common';

// The DS-160 photo check and auto-fix (spec 2-wizards §3.8, §4.7, §7; docs/DECISIONS.md "Photo").

const ImageData = Type.String({
  description:
    'The photo as a data URL (`data:image/jpeg;base64,…`). JPEG, PNG, WebP (and HEIC where the server can decode it), at most 3 MB once decoded.',
});

/** POST /api/analyze-photo as JSON: the spec's body. */
export const AnalyzePhotoSchema = Strict({
  imageData: ImageData,
  requirements: Type.Optional(
    Type.Array(Type.String({ maxLength: 200 }), {
      maxItems: 20,
      description: "The client's requirement labels (DS-160 compliant, white background, …). Read for compatibility; the check always applies the official list.",
    }),
  ),
});
export type AnalyzePhoto = Static<typeof AnalyzePhotoSchema>;

/**
 * POST /api/analyze-photo as multipart/form-data: one file in the field `photo`. Fastify hands a multipart route
 * no parsed body (the file is read as a stream), so the validated value is null; the schema documents the form.
 */
export const PhotoUploadSchema = Type.Union([Type.Null(), Type.Object({ photo: Type.String({ description: 'The photo file' }) })], {
  description:
    'multipart/form-data with the photo in the file field `photo` (at most 3 MB). Sent with a Content-Length (411 otherwise) of at most 4.5 MB in all; at most one file, 4 text fields of 1 KB and 5 parts (413 beyond any of them).',
});

/** POST /api/fix-photo. */
export const FixPhotoSchema = Strict({ imageData: ImageData });
export type FixPhoto = Static<typeof FixPhotoSchema>;

export const PhotoIssueTypeSchema = Type.Enum(['format', 'colourSpace', 'fileSize', 'dimensions', 'square', 'background', 'colour', 'sharpness', 'exposure', 'face', 'faceNotChecked']);
export type PhotoIssueType = Static<typeof PhotoIssueTypeSchema>;

export const PhotoIssueSchema = Type.Object({
  type: PhotoIssueTypeSchema,
  severity: Type.Enum(['critical', 'moderate', 'minor'], {
    description: 'critical: the official upload refuses it; moderate: a consular officer may refuse it; minor: worth a look',
  }),
  description: Type.String(),
  suggestion: Type.String(),
});
export type PhotoIssue = Static<typeof PhotoIssueSchema>;

export const PhotoRequirementIdSchema = Type.Enum(['file', 'dimensions', 'background', 'quality', 'face']);

export const PhotoRequirementSchema = Type.Object({
  id: PhotoRequirementIdSchema,
  requirement: Type.String({ description: 'The official requirement, as shown to the applicant' }),
  passed: Type.Boolean(),
  confidence: Type.Integer({ minimum: 0, maximum: 100, description: 'How sure the check is of `passed`, in percent' }),
  checked: Type.Boolean({ description: 'False when the server could not check this requirement (then `passed` is false and `note` says why)' }),
  note: Type.Optional(Type.String()),
});
export type PhotoRequirement = Static<typeof PhotoRequirementSchema>;

export const PhotoAnalysisSchema = Type.Object({
  isValid: Type.Boolean({ description: 'True when the photo meets every requirement (recommendation approve)' }),
  overallScore: Type.Integer({ minimum: 0, maximum: 100, description: '80 or more green, 60 or more yellow, below red' }),
  recommendation: Type.Enum(['approve', 'needs review', 'reject']),
  issues: Type.Array(PhotoIssueSchema),
  requirements: Type.Array(PhotoRequirementSchema, { maxItems: 5 }),
  feedback: Type.String({ description: 'One sentence summing up the result' }),
  image: Type.Object({
    format: Type.String({ description: 'jpeg, png, webp, heif …' }),
    width: Type.Integer({ description: 'As displayed (the camera orientation applied)' }),
    height: Type.Integer(),
    bytes: Type.Integer(),
  }),
});
export type PhotoAnalysis = Static<typeof PhotoAnalysisSchema>;

export const PhotoAnalysisResultSchema = Type.Object({ analysis: PhotoAnalysisSchema });
export type PhotoAnalysisResult = Static<typeof PhotoAnalysisResultSchema>;

export const PhotoChangeSchema = Type.Object({
  type: Type.Enum(['orientation', 'colourspace', 'background', 'crop', 'resize', 'format', 'compression']),
  description: Type.String(),
});
export type PhotoChange = Static<typeof PhotoChangeSchema>;

export const FixedPhotoSchema = Type.Object({
  imageData: Type.String({ description: 'The corrected photo as a data URL (`data:image/jpeg;base64,…`)' }),
  changes: Type.Array(PhotoChangeSchema),
  analysis: PhotoAnalysisSchema,
});
export type FixedPhoto = Static<typeof FixedPhotoSchema>;

/** POST /api/photos: the photo the applicant chose (the original or the fixed one), for their lead. */
export const StorePhotoSchema = Strict({
  imageData: ImageData,
  leadId: Type.Optional(Type.String({ minLength: 1, maxLength: 36, description: 'The lead the photo belongs to (one this session may change)' })),
});
export type StorePhoto = Static<typeof StorePhotoSchema>;

export const StoredPhotoSchema = Type.Object({
  photoId: Type.String({ description: 'Goes in the form as photo-submission.photoId' }),
  contentType: Type.String(),
  width: Type.Integer(),
  height: Type.Integer(),
  bytes: Type.Integer(),
});
export type StoredPhoto = Static<typeof StoredPhotoSchema>;

export const PhotoIdParamsSchema = Type.Object({ photoId: Type.String({ minLength: 1, maxLength: 36 }) });

export const PhotoFileSchema = Type.Unsafe<Uint8Array>({ type: 'string', format: 'binary', description: 'image/jpeg, image/png, image/webp or image/avif' });
