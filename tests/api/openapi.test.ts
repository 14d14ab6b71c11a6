import fs from 'node:fs';
import { expect, it } from 'vitest';
import { OPENAPI_FILE, openapiDocument } from '../../scripts/openapiDocument';

it('the committed openapi/openapi.json matches the routes (run `npm run openapi` when this fails)', async () => {
  const committed = fs.readFileSync(OPENAPI_FILE, 'utf8');
  expect(committed).toBe(await openapiDocument());
});

it('every route in the document declares its responses and a tag', async () => {
  const doc = JSON.parse(await openapiDocument()) as { paths: Record<string, Record<string, { tags?: string[]; responses?: object }>> };
  for (const [path, operations] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(operations)) {
      expect(op.tags?.length, `${method} ${path} has no tag`).toBeGreaterThan(0);
      const success = Object.keys(op.responses ?? {}).filter((code) => /^2\d\d$/.test(code));
      expect(success, `${method} ${path} has no success response schema`).not.toEqual([]);
    }
  }
});
