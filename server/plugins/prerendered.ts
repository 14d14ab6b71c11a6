import type { FastifyReply, FastifyRequest } from 'fastify';
import { DEFAULT_LANGUAGE, fromBrowser, isLanguage, LANGUAGE_STORAGE_KEY, LANGUAGES, type Language } from '../../machines/domain/language';
import { cookieValue } from '../lib/cookies';
import { withSources, type PageData, type PrerenderedPages } from '../services/prerender/pages';
import type { SiteService } from '../services/site/service';

/** The languages an Accept-Language header asks for, most wanted first ("es-ES,es;q=0.9,en;q=0.8"). */
export function acceptedLanguages(header: string | undefined): string[] {
  return (header ?? '')
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = Number(params.find((p) => p.trim().startsWith('q='))?.trim().slice(2) ?? 1);
      return { tag: tag.trim(), q: Number.isFinite(q) ? q : 0, index };
    })
    .filter((entry) => entry.tag && entry.tag !== '*' && entry.q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index)
    .map((entry) => entry.tag);
}

/** The browser's language as its own first render will pick it: the stored choice (mirrored in a cookie), else its languages. */
export function requestLanguage(request: FastifyRequest): Language {
  const chosen = cookieValue(request.headers.cookie, LANGUAGE_STORAGE_KEY);
  if (isLanguage(chosen)) return chosen;
  return fromBrowser(acceptedLanguages(request.headers['accept-language'])) ?? DEFAULT_LANGUAGE;
}

/**
 * Sends an entry page rendered by React on the server (server/services/prerender/pages.ts) in the request's
 * language with the current brand and prices; false when there is none to send (no such build, a page past its
 * first screen, a render that failed), and the caller sends the plain shell.
 */
export function prerenderedPageSender(pages: PrerenderedPages, site: SiteService, answers: PageData['answers']) {
  async function data(): Promise<PageData> {
    const [branding, prices, figures, plans] = await Promise.all([site.branding(), site.prices(), site.figures(), site.plans()]);
    return { site: { branding, prices, figures }, version: plans, answers };
  }

  /** Renders every language's pages ahead of the first visitors (after start-up), one language at a time. */
  async function warm(): Promise<void> {
    const first = pages.paths()[0];
    if (!first) return;
    for (const language of LANGUAGES) await pages.page(first.path, language, await data());
  }

  async function send(request: FastifyRequest, reply: FastifyReply): Promise<boolean> {
    const url = new URL(request.url, 'http://localhost');
    const entry = pages.paths().find((page) => page.path === url.pathname);
    if (!entry || (entry.stepParam && url.searchParams.has(entry.stepParam))) return false;
    // Never without an entry page: should the brand and prices be out of reach (the database away, nothing read
    // before), the plain shell goes, which draws the page in the browser (issue 41).
    const page = await data().then(
      (filled) => pages.page(entry.path, requestLanguage(request), filled),
      (err: unknown) => {
        request.log.warn({ err }, 'entry page sent unrendered: its data could not be read');
        return undefined;
      },
    );
    if (!page) return false;
    const accepts = request.headers['accept-encoding'] ?? '';
    const [encoding, body] = /\bbr\b/.test(accepts) ? ['br', page.br] : /\bgzip\b/.test(accepts) ? ['gzip', page.gzip] : [undefined, page.html];
    reply
      .type('text/html; charset=utf-8')
      .header('Cache-Control', 'no-cache')
      // The same address answers in another language, or compressed otherwise, for another browser.
      .header('Vary', 'accept-encoding, accept-language, cookie');
    // The page's own inline style sheet, start-up script and style attributes, by hash; nothing else inline.
    const policy = reply.getHeader('content-security-policy');
    if (typeof policy === 'string') {
      reply.header('content-security-policy', withSources(withSources(policy, 'script-src', page.inline.scripts), 'style-src', page.inline.styles));
    }
    if (encoding) reply.header('Content-Encoding', encoding);
    await reply.send(body);
    return true;
  }

  return { send, warm };
}
