import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { estaCatalog } from '../../machines/domain/catalogs/index';
import { validAnswer } from '../helpers/answers';
import { createTestApp, dialectUnderTest, sessionCookie, type TestApp } from '../helpers/app';

// Concurrent writes to one lead never lose an update, and racing early captures make one lead, on either
// dialect (CI runs this file on SQLite and again on PostgreSQL).

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ rateLimitPerMinute: 100_000 });
});
afterAll(async () => t.close());

async function capture(email: string, cookie?: string) {
  return t.app.inject({
    method: 'POST',
    url: '/api/leads/immediate',
    payload: { email, firstName: 'Maria', lastName: 'Lopez', formType: 'ESTA' },
    ...(cookie ? { headers: { cookie } } : {}),
  });
}

describe(`concurrent writes on ${dialectUnderTest}`, () => {
  it('keeps every field of 20 concurrent updates of different fields to one lead', async () => {
    const first = await capture('concurrent@example.com');
    const cookie = sessionCookie(first) as string;
    const { leadId } = first.json() as { leadId: string };
    // Twenty ESTA answers, each valid on its own, each sent in its own PATCH at the same moment.
    const fields = estaCatalog.questions.filter((q) => !q.dependsOn).slice(0, 20);
    expect(fields).toHaveLength(20);
    const answers = Object.fromEntries(fields.map((q) => [q.id, validAnswer(q)]));
    const responses = await Promise.all(
      fields.map((q) =>
        t.app.inject({
          method: 'PATCH',
          url: `/api/leads/${leadId}/update`,
          payload: { formData: { [q.id]: answers[q.id] } },
          headers: { cookie },
        }),
      ),
    );
    expect(responses.map((r) => r.statusCode)).toEqual(fields.map(() => 200));
    const lead = await t.app.inject({ url: `/api/leads/${leadId}`, headers: { cookie } });
    expect(lead.json().formData).toEqual(answers);
  });

  it('makes one lead when the same session captures the same e-mail twice at once', async () => {
    const opening = await capture('opening@example.com');
    const cookie = sessionCookie(opening) as string;
    const results = await Promise.all(Array.from({ length: 8 }, () => capture('racing@example.com', cookie)));
    const ids = new Set(results.map((r) => r.json().leadId));
    expect(ids.size).toBe(1);
    expect(results.filter((r) => r.json().existing === false)).toHaveLength(1);
    const rows = await t.app.db.selectFrom('leads').select('id').where('email', '=', 'racing@example.com').execute();
    expect(rows).toHaveLength(1);
  });
});
