import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import zlib from 'node:zlib';
import type { Language } from '../../../machines/domain/language';
import type { BrandingDto } from '../../../openapi/schemas/branding';
import type { SiteFiguresDto } from '../../../openapi/schemas/figures';
import type { PriceListDto } from '../../../openapi/schemas/orders';
import { PAGES_FILE, RENDERER_FILE, SLOTS, type PagesFile } from '../../../openapi/prerender';

/** The data an entry page is rendered with, which the browser's first render reads back from the page. */
export interface SiteSnapshot {
  branding: BrandingDto;
  prices: PriceListDto;
  /** The landing page's figures: counted once a day, so the pages are rendered again at most daily for them. */
  figures: SiteFiguresDto;
}

/** What the pages are rendered with. */
export interface PageData {
  site: SiteSnapshot;
  /** Whatever else the preloaded answers depend on (fees, plans): a change renders the pages again. */
  version: unknown;
  /** The server's answers to API reads (`GET` path and query), by path; fetched only when the pages are rendered. */
  answers: (paths: string[]) => Promise<Record<string, string>>;
}

interface Rendered {
  body: string;
  title: string;
  description: string;
}

export interface FilledPage {
  html: Buffer;
  br: Buffer;
  gzip: Buffer;
  /** The `'sha256-…'` sources the Content-Security-Policy must add for what the page holds inline. */
  inline: { scripts: string[]; styles: string[] };
}

/** Longer than any render takes (about half a second for a language's five pages): past it, the shell is sent. */
const RENDER_TIMEOUT_MS = 20_000;

/**
 * Renders one language's entry pages in a worker thread with the build's React renderer, then exits: React and
 * the pages' code live in the server's memory only while the site's data changes, not for the process's life.
 */
const WORKER = `
const { parentPort, workerData } = require('node:worker_threads');
(async () => {
  const { ENTRY_PATHS, renderPage } = await import(workerData.renderer);
  const pages = {};
  for (const { path } of ENTRY_PATHS) pages[path] = await renderPage(path, workerData.language, workerData.site, workerData.answers);
  return pages;
})().then(
  (pages) => parentPort.postMessage({ pages }),
  (error) => parentPort.postMessage({ error: String((error && error.stack) || error) }),
);
`;

function renderInWorker(renderer: string, language: Language, site: SiteSnapshot, answers: Record<string, string>): Promise<Record<string, Rendered>> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(WORKER, {
      eval: true,
      workerData: { renderer: pathToFileURL(renderer).href, language, site, answers },
      // React's production build, whatever the server was started with: the browser hydrates production markup.
      env: { ...process.env, NODE_ENV: 'production' },
    });
    const timer = setTimeout(() => {
      void worker.terminate();
      reject(new Error(`Rendering the ${language} entry pages took more than ${RENDER_TIMEOUT_MS} ms`));
    }, RENDER_TIMEOUT_MS);
    worker.once('message', (message: { pages?: Record<string, Rendered>; error?: string }) => {
      clearTimeout(timer);
      void worker.terminate();
      if (message.pages) resolve(message.pages);
      else reject(new Error(message.error ?? 'The renderer gave no pages'));
    });
    worker.once('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
  });
}

const sha256 = (text: string) => `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;

const ENTITIES: Record<string, string> = { '&amp;': '&', '&quot;': '"', '&#x27;': "'", '&#39;': "'", '&lt;': '<', '&gt;': '>' };

/**
 * The style attributes React wrote (a progress bar's scale), as the browser reads them: a policy without
 * 'unsafe-inline' applies one only when its hash is allowed ('unsafe-hashes').
 */
export function styleAttributes(html: string): string[] {
  const values = [...html.matchAll(/\sstyle="([^"]*)"/g)].map(([, value]) => (value ?? '').replace(/&(?:amp|quot|#x27|#39|lt|gt);/g, (e) => ENTITIES[e] ?? e));
  return [...new Set(values)];
}

/** A Content-Security-Policy with more sources for one directive (added to it, or to default-src's, when absent). */
export function withSources(policy: string, directive: string, sources: readonly string[]): string {
  if (!sources.length) return policy;
  const parts = policy.split(';').map((part) => part.trim()).filter(Boolean);
  const at = parts.findIndex((part) => part.split(/\s+/)[0] === directive);
  if (at >= 0) parts[at] = `${parts[at]} ${sources.join(' ')}`;
  else {
    const fallback = parts.find((part) => part.split(/\s+/)[0] === 'default-src')?.split(/\s+/).slice(1) ?? [];
    parts.push([directive, ...fallback, ...sources].join(' '));
  }
  return parts.join('; ');
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The template's slots filled in one pass: what is put in is never read again as a slot. */
export function fillTemplate(template: string, parts: Record<keyof typeof SLOTS, string>): string {
  const values = new Map<string, string>(Object.entries(SLOTS).map(([name, slot]) => [slot, parts[name as keyof typeof SLOTS]]));
  return template.replace(new RegExp(Object.values(SLOTS).join('|'), 'g'), (slot) => values.get(slot) ?? slot);
}

/** The page's data as JSON a script element cannot end early. */
export const embeddedJson = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c');

/**
 * The entry pages of a client build, rendered by React on the server in each language with the site's current
 * data, kept filled and compressed until the data or the build changes. A language's pages are rendered together,
 * on its first request after a change; requests that arrive meanwhile wait for the same render.
 */
export function prerenderedPages(clientDir: string, log: { error: (obj: object, msg: string) => void }) {
  const renderer = path.join(clientDir, RENDERER_FILE);
  const pagesFile = path.join(clientDir, PAGES_FILE);
  const rendered = new Map<Language, { key: string; pages: Promise<Map<string, FilledPage>> }>();
  let layout: { mtime: number; file: PagesFile } | undefined;

  /** The build's pages.json, read again when a rebuild replaced it. */
  function readLayout(): PagesFile | undefined {
    const stat = fs.statSync(pagesFile, { throwIfNoEntry: false });
    if (!stat) return undefined;
    if (layout?.mtime !== stat.mtimeMs) layout = { mtime: stat.mtimeMs, file: JSON.parse(fs.readFileSync(pagesFile, 'utf8')) as PagesFile };
    return layout.file;
  }

  async function render(file: PagesFile, language: Language, data: PageData): Promise<Map<string, FilledPage>> {
    const { site } = data;
    const answers = await data.answers([...new Set(file.pages.flatMap((page) => page.preload))]);
    const pages = await renderInWorker(renderer, language, site, answers);
    const filled = new Map<string, FilledPage>();
    for (const { path: pagePath, head, preload: pagePreloads } of file.pages) {
      const page = pages[pagePath];
      if (!page) throw new Error(`The renderer gave no ${pagePath}`);
      const html = Buffer.from(
        fillTemplate(file.template, {
          language,
          title: escapeHtml(page.title),
          description: escapeHtml(page.description),
          head: head[language] ?? '',
          body: page.body,
          data: embeddedJson(site),
          answers: embeddedJson(Object.fromEntries(pagePreloads.map((preload) => [preload, answers[preload]]))),
        }),
      );
      const attributes = styleAttributes(page.body).map(sha256);
      filled.set(pagePath, {
        inline: { scripts: file.inline.scripts, styles: [...file.inline.styles, ...(attributes.length ? ["'unsafe-hashes'", ...attributes] : [])] },
        html,
        br: zlib.brotliCompressSync(html, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 9 } }),
        gzip: zlib.gzipSync(html, { level: 9 }),
      });
    }
    return filled;
  }

  return {
    /** The entry paths of the build, and the query parameter that takes each past its first screen. */
    paths(): PagesFile['pages'] {
      return readLayout()?.pages ?? [];
    },

    /** The page filled in for this language and data, or undefined when the build has none or it cannot render. */
    async page(pagePath: string, language: Language, data: PageData): Promise<FilledPage | undefined> {
      const file = readLayout();
      if (!file) return undefined;
      const key = JSON.stringify([layout?.mtime, data.site, data.version]);
      let entry = rendered.get(language);
      if (entry?.key !== key) {
        entry = { key, pages: render(file, language, data) };
        rendered.set(language, entry);
        const current = entry;
        // A failed render is tried again by the next request, not kept.
        current.pages.catch((error: unknown) => {
          if (rendered.get(language) === current) rendered.delete(language);
          log.error({ err: error, language }, 'Rendering the entry pages failed; the plain shell is sent');
        });
      }
      return (await entry.pages.catch(() => undefined))?.get(pagePath);
    },
  };
}

export type PrerenderedPages = ReturnType<typeof prerenderedPages>;
