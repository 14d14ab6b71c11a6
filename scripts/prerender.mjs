// Makes a client build ready for the server to render its entry pages with React: `node scripts/prerender.mjs
// <client out dir>`. client/prerender.tsx is built for Node by Vite (the same plugins, so the same class names as
// the browser's build) and kept in the build; beside it goes pages.json: index.html as a template with slots, and
// per entry page and language its styles and module preloads, so a page paints from the HTML alone and hydrates
// without a second wave of requests. The server renders the pages with the site's current data
// (server/services/prerender/pages.ts). Each page is rendered here once in every language, so a page that cannot
// render fails the build rather than a visitor.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** A manifest entry's JavaScript and styles with everything it imports statically, each file once. */
function closure(manifest, key, files = { js: new Set(), css: new Set() }) {
  const chunk = manifest[key];
  if (!chunk || files.js.has(chunk.file)) return files;
  files.js.add(chunk.file);
  for (const css of chunk.css ?? []) files.css.add(css);
  for (const imported of chunk.imports ?? []) closure(manifest, imported, files);
  return files;
}

/** A government fee line as the schedule gives it (the seeded ESTA and visitor visa fees; the server's are real). */
const fee = (code, subject, amountCents, effectiveFrom, sourceUrl, paidAt) => ({ code, subject, amountCents, currency: 'USD', effectiveFrom, sourceUrl, paidAt, refundable: false, note: '' });
const ESTA_FEE = fee('esta', 'ESTA', 4000, '2025-09-30', 'https://www.federalregister.gov/d/2025-16453', 'withApplication');
const VISA_FEE = fee('application', 'B', 18500, '2023-06-17', 'https://travel.state.gov/content/travel/en/us-visas/visa-information-resources/fees/fees-visa-services.html', 'beforeInterview');

/** A price story in cents: our fee, the processing fee and the government fee, as GET /api/prices gives it. */
const price = (serviceFee, line) => ({
  serviceFee,
  credit: 0,
  processingFee: 299,
  total: serviceFee + 299,
  governmentFee: line.amountCents,
  outOfPocket: serviceFee + 299 + line.amountCents,
  visaClass: line.subject,
  governmentFees: [line],
});

/** Sample data for the build's own render (the seeded prices); the server renders with the real data. */
const SAMPLE_SITE = {
  branding: { brandName: 'Rumbo', chatAssistantName: 'Sofía' },
  prices: { basic: price(5000, VISA_FEE), pro: price(10000, VISA_FEE), premium: price(15000, VISA_FEE), esta: price(7700, ESTA_FEE), completion: price(10000, VISA_FEE) },
  figures: { periodDays: 90, from: '2026-08-30', to: '2026-11-27', minimumSample: 10, applicationsPrepared: 1234, medianMinutes: 18 },
};

export async function prerender(outDir) {
  const ssrDir = path.join(outDir, 'prerendered/ssr');
  const built = spawnSync(
    process.execPath,
    [path.join(ROOT, 'node_modules/vite/bin/vite.js'), 'build', '--ssr', 'prerender.tsx', '--outDir', ssrDir, '--emptyOutDir', '--logLevel', 'warn'],
    { cwd: ROOT, stdio: 'inherit', env: { ...process.env, NODE_ENV: 'production' } },
  );
  if (built.status !== 0) throw new Error(`vite build --ssr failed (exit ${built.status})`);
  // React's production build, as the browser gets, for the same markup.
  process.env.NODE_ENV = 'production';
  const renderer = await import(pathToFileURL(path.join(ssrDir, 'prerender.js')).href);
  const { ENTRY_PATHS, LANGUAGES, SLOTS, PAGES_FILE, BOOTSTRAP_SCRIPT, renderPage } = renderer;
  if (path.join(outDir, PAGES_FILE) !== path.join(outDir, 'prerendered/pages.json')) throw new Error('The prerendered folder moved: update scripts/prerender.mjs');

  const manifestFile = path.join(outDir, '.vite/manifest.json');
  const manifest = JSON.parse(fs.readFileSync(manifestFile, 'utf8'));
  const index = fs.readFileSync(path.join(outDir, 'index.html'), 'utf8');
  const shell = closure(manifest, 'index.html');
  const entry = manifest['index.html'].file;

  // The app's one style sheet (vite.config.ts), written into the page: it paints without asking for it.
  const sheets = [...index.matchAll(/<link rel="stylesheet"[^>]*href="\/([^"]+)"[^>]*>/g)].map((match) => match[1]);
  const css = sheets.map((file) => fs.readFileSync(path.join(outDir, file), 'utf8')).join('\n');
  if (/<\/style/i.test(css)) throw new Error('The style sheet would end its <style> element early');
  const sha256 = (text) => `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;

  const template = index
    .replace(/<html lang="[^"]*">/, `<html lang="${SLOTS.language}">`)
    .replace(/<title>[^<]*<\/title>/, `<title>${SLOTS.title}</title>`)
    .replace(/<meta name="description" content="[^"]*"/, `<meta name="description" content="${SLOTS.description}"`)
    .replace(/\s*<link rel="stylesheet"[^>]*>/g, '')
    .replace(/\s*<link rel="modulepreload"[^>]*>/g, '')
    .replace(/\s*<script type="module"[^>]*><\/script>/, '')
    .replace(/(<meta name="description"[^>]*>)/, `$1\n    <style>${css}</style>\n    ${SLOTS.head}`)
    .replace(
      '<div id="root"></div>',
      `<div id="root" data-prerendered="${SLOTS.language}">${SLOTS.body}</div>\n    <script type="application/json" id="site-data">${SLOTS.data}</script>\n    <script type="application/json" id="api-answers">${SLOTS.answers}</script>\n    <script>${BOOTSTRAP_SCRIPT}</script>`,
    );
  if (!template.includes(SLOTS.body) || !template.includes(SLOTS.head)) throw new Error('index.html has no empty root or description to prerender into');
  if (/<script type="module"|<link rel="(stylesheet|modulepreload)"/.test(template)) throw new Error('index.html loads something the template does not account for');

  const pages = [];
  for (const page of ENTRY_PATHS) {
    const head = {};
    for (const language of LANGUAGES) {
      const files = closure(manifest, page.file);
      if (!files.js.size) throw new Error(`${page.file} is not in the build's manifest`);
      for (const namespace of ['common', ...page.namespaces]) closure(manifest, `../locales/${language}/${namespace}.json`, files);
      const modules = { entry: `/${entry}`, preload: [...shell.js, ...files.js].filter((file) => file !== entry).map((file) => `/${file}`) };
      head[language] = `<script type="application/json" id="app-modules">${JSON.stringify(modules)}</script>`;
      await renderPage(page.path, language, SAMPLE_SITE);
    }
    pages.push({ path: page.path, stepParam: page.stepParam, preload: page.preload, head });
  }
  const inline = { scripts: [sha256(BOOTSTRAP_SCRIPT)], styles: [sha256(css)] };
  fs.writeFileSync(path.join(outDir, PAGES_FILE), JSON.stringify({ template, inline, pages }));
  // The manifest served its purpose; it is not for the public.
  fs.rmSync(path.join(outDir, '.vite'), { recursive: true, force: true });
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const outDir = process.argv[2];
  if (!outDir) throw new Error('usage: node scripts/prerender.mjs <client out dir>');
  await prerender(path.resolve(outDir));
}
