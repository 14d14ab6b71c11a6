import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { linksOf, mailboxPage } from '../../server/services/mail/mailboxPage';
import { wordsOf } from '../../server/services/mail/words';

// The development mailbox's page (issue 43): whatever a message holds, the page shows it as text, runs nothing, and
// offers each link its text carries.

const piece = fc.oneof(fc.string(), fc.constantFrom('<script>alert(1)</script>', '"><img src=x onerror=alert(1)>', '__proto__', '', ' ', 'ñ ü 漢字 🙂', "'&<>\""));

describe('the development mailbox page', () => {
  it('escapes every field of every message, and links each address its text carries', () => {
    fc.assert(
      fc.property(fc.array(fc.record({ id: fc.stringMatching(/^[A-Za-z0-9-]{1,20}$/), to: piece, subject: piece, date: piece, text: piece, token: fc.stringMatching(/^[A-Za-z0-9_-]{1,30}$/) }), { maxLength: 4 }), (rows) => {
        const messages = rows.map(({ token, text, ...m }) => ({ ...m, text: `${text}\nhttps://rumbo.test/reset-password?token=${token}\n`, attachments: [] }));
        const page = mailboxPage({ messages }, wordsOf('en'), 'en');
        // Only the page's own elements: none of a message's characters opens a tag or an attribute.
        const tags = new Set([...page.matchAll(/<\/?([a-z0-9]+)/gi)].map((m) => (m[1] as string).toLowerCase()));
        expect([...tags].every((tag) => ['html', 'head', 'meta', 'title', 'style', 'body', 'main', 'h1', 'h2', 'p', 'ol', 'ul', 'li', 'a', 'article'].includes(tag))).toBe(true);
        expect(page).not.toMatch(/<script/i);
        // Every link is one of the messages' own or the mailbox's.
        for (const [, href] of page.matchAll(/<a href="([^"]*)"/g)) expect(href).toMatch(/^(https:\/\/rumbo\.test\/reset-password\?token=|\/api\/dev\/mailbox\/)/);
        for (const { token } of rows) expect(page).toContain(`<a href="https://rumbo.test/reset-password?token=${token}">`);
        for (const m of messages) expect(page).toContain(`/api/dev/mailbox/${encodeURIComponent(m.id)}/html`);
      }),
      { numRuns: 200 },
    );
  });

  it('takes each link once, without the punctuation around it', () => {
    expect(linksOf('Open (https://a.test/x?token=1) or https://a.test/x?token=1, then "http://b.test/y".')).toEqual(['https://a.test/x?token=1', 'http://b.test/y']);
  });
});
