import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { fillLanding, landingFile } from '../../machines/domain/landingPage';
import { DEFAULT_LANGUAGE, fromBrowser, isLanguage, LANGUAGE_STORAGE_KEY, type Language } from '../../machines/domain/language';
import { cookieValue } from '../lib/cookies';
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

interface Filled {
  key: string;
  html: Buffer;
  br: Buffer;
  gzip: Buffer;
}

/**
 * The prerendered landing page (scripts/prerender.mjs) in the request's language, with the current brand and
 * prices. Filled and compressed once per language and change of data, not per request; undefined when the build
 * has no prerendered page (the caller sends the plain shell).
 */
export function landingPages(clientDir: string, site: SiteService) {
  const filled = new Map<Language, Filled>();

  async function page(language: Language): Promise<Filled | undefined> {
    const file = path.join(clientDir, landingFile(language));
    const stat = fs.statSync(file, { throwIfNoEntry: false });
    if (!stat) return undefined;
    const [branding, prices] = await Promise.all([site.branding(), site.prices()]);
    const key = JSON.stringify([stat.mtimeMs, branding, prices]);
    const hit = filled.get(language);
    if (hit?.key === key) return hit;
    const html = Buffer.from(fillLanding(fs.readFileSync(file, 'utf8'), language, { branding, prices }));
    const entry = {
      key,
      html,
      br: zlib.brotliCompressSync(html, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 9 } }),
      gzip: zlib.gzipSync(html, { level: 9 }),
    };
    filled.set(language, entry);
    return entry;
  }

  return async function send(request: FastifyRequest, reply: FastifyReply): Promise<boolean> {
    const entry = await page(requestLanguage(request));
    if (!entry) return false;
    const accepts = request.headers['accept-encoding'] ?? '';
    const [encoding, body] = /\bbr\b/.test(accepts) ? ['br', entry.br] : /\bgzip\b/.test(accepts) ? ['gzip', entry.gzip] : [undefined, entry.html];
    reply
      .type('text/html; charset=utf-8')
      .header('Cache-Control', 'no-cache')
      // The same address answers in another language, or compressed otherwise, for another browser.
      .header('Vary', 'accept-encoding, accept-language, cookie');
    if (encoding) reply.header('Content-Encoding', encoding);
    await reply.send(body);
    return true;
  };
}
