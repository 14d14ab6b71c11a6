import { Type, type Static } from 'typebox';
import { Strict } from './common';

// First-party page views (docs/DECISIONS.md): a batch from one browser, sent on route changes and on leaving.
export const PageViewBatchSchema = Strict({
  views: Type.Array(Strict({ path: Type.String({ minLength: 1, maxLength: 200, pattern: '^/' }) }), { minItems: 1, maxItems: 50 }),
  language: Type.String({ minLength: 2, maxLength: 35 }),
  timeZone: Type.Optional(Type.String({ maxLength: 64 })),
});
export type PageViewBatch = Static<typeof PageViewBatchSchema>;
