import type { MailboxDto } from '../../../openapi/schemas/mail';
import { escapeHtml } from './layout';
import type { Say } from './words';

/** The links a message's text carries (a reset, a sign-in, an invitation, a group's), each once, in order. */
export function linksOf(text: string): string[] {
  // A sentence's full stop or comma after a link is not part of it.
  return [...new Set((text.match(/https?:\/\/[^\s<>"'()]+/g) ?? []).map((url) => url.replace(/[.,;:!?]+$/, '')))];
}

/**
 * The development mailbox as a page a browser opens (issue 43): the newest messages written as files, each with
 * the links its text carries (followed in the same browser), its HTML as a mail client shows it, and its .eml file.
 * Everything a message holds is escaped; the page runs no script.
 */
export function mailboxPage(box: MailboxDto, say: Say, language: string): string {
  const items = box.messages.map((m) => {
    const links = linksOf(m.text)
      .map((url) => `<li><a href="${escapeHtml(url)}">${escapeHtml(url)}</a></li>`)
      .join('');
    const id = encodeURIComponent(m.id);
    return (
      `<li><article><h2>${escapeHtml(m.subject)}</h2>` +
      `<p>${escapeHtml(say('mailbox.to', { to: m.to, date: m.date }))}</p>` +
      (links ? `<p>${escapeHtml(say('mailbox.links'))}</p><ul>${links}</ul>` : '') +
      `<p><a href="/api/dev/mailbox/${id}/html">${escapeHtml(say('mailbox.open'))}</a> · <a href="/api/dev/mailbox/${id}/eml">${escapeHtml(say('mailbox.eml'))}</a></p>` +
      `</article></li>`
    );
  });
  const body = items.length ? `<ol>${items.join('')}</ol>` : `<p>${escapeHtml(say('mailbox.empty'))}</p>`;
  return (
    `<!doctype html><html lang="${escapeHtml(language)}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">` +
    `<title>${escapeHtml(say('mailbox.title'))}</title>` +
    `<style>body{font-family:system-ui,sans-serif;max-width:48rem;margin:1rem auto;padding:0 1rem;line-height:1.5}ol{padding:0;list-style:none}article{border-bottom:1px solid #ccc;padding:.5rem 0}h2{font-size:1.1rem;margin:.25rem 0}a{word-break:break-all}</style>` +
    `</head><body><main><h1>${escapeHtml(say('mailbox.title'))}</h1><p>${escapeHtml(say('mailbox.lead'))}</p>${body}</main></body></html>`
  );
}
