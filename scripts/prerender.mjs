// Prerenders the landing page into a client build, once per language: `node scripts/prerender.mjs <client out dir>`.
// client/prerender.tsx is built for Node by Vite (the same plugins, so the same class names as the browser's
// build), rendered with marker site data, and poured into the built index.html with the landing page's styles
// and modulepreloads for its chunks and translations, so the page paints from the HTML alone and hydrates
// without a second wave of requests. The server fills the markers (server/plugins/landing.ts).
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const LANDING_MODULE = 'pages/landing/LandingPage.tsx';

/** A manifest entry's JavaScript and styles with everything it imports statically, each file once. */
function closure(manifest, key, files = { js: new Set(), css: new Set() }) {
  const chunk = manifest[key];
  if (!chunk || files.js.has(chunk.file)) return files;
  files.js.add(chunk.file);
  for (const css of chunk.css ?? []) files.css.add(css);
  for (const imported of chunk.imports ?? []) closure(manifest, imported, files);
  return files;
}

const attr = (text) => text.replace(/&/g, '&amp;').replace(/"/g, '&quot;');

export async function prerender(outDir) {
  // Inside node_modules so the bundle's own imports (react, react-router...) resolve from the project.
  const ssrDir = path.join(ROOT, 'node_modules/.cache', `rumbo-prerender-${process.pid}`);
  const built = spawnSync(
    process.execPath,
    [path.join(ROOT, 'node_modules/vite/bin/vite.js'), 'build', '--ssr', 'prerender.tsx', '--outDir', ssrDir, '--emptyOutDir', '--logLevel', 'warn'],
    { cwd: ROOT, stdio: 'inherit', env: { ...process.env, NODE_ENV: 'production' } },
  );
  if (built.status !== 0) throw new Error(`vite build --ssr failed (exit ${built.status})`);
  // React's production build, as the browser gets, for the same markup.
  process.env.NODE_ENV = 'production';
  try {
    const { renderLanding, landingFile, markerSiteData, SITE_DATA_MARKER, LANGUAGES } = await import(pathToFileURL(path.join(ssrDir, 'prerender.js')).href);
    const manifestFile = path.join(outDir, '.vite/manifest.json');
    const manifest = JSON.parse(fs.readFileSync(manifestFile, 'utf8'));
    const template = fs.readFileSync(path.join(outDir, 'index.html'), 'utf8');
    const shell = closure(manifest, 'index.html');
    const shellStyles = [...template.matchAll(/<link rel="stylesheet"[^>]*>/g)].map((match) => match[0]);

    for (const language of LANGUAGES) {
      const page = closure(manifest, LANDING_MODULE);
      for (const namespace of ['common', 'landing']) closure(manifest, `../locales/${language}/${namespace}.json`, page);
      const styles = [...page.css].filter((file) => !shell.css.has(file)).map((file) => `<link rel="stylesheet" crossorigin href="/${file}">`);
      const preloads = [...page.js].filter((file) => !shell.js.has(file)).map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`);
      const { body, title, description } = await renderLanding(language, markerSiteData());
      // A component that throws while rendering leaves React's client-rendering marker instead of the page.
      if (body.includes('<template data-msg') || body.includes('<!--$!-->')) throw new Error(`The landing page (${language}) did not render: ${body.slice(0, 600)}`);
      const html = template
        .replace(/<html lang="[^"]*">/, `<html lang="${language}">`)
        .replace(/<title>[^<]*<\/title>/, `<title>${attr(title)}</title>`)
        .replace(/<meta name="description" content="[^"]*"/, `<meta name="description" content="${attr(description)}"`)
        .replace('</head>', `  ${preloads.join('\n    ')}\n  </head>`)
        // The styles first: on HTTP/1.1 the browser fetches in the order it reads, six at a time, and the page
        // paints from the HTML and the styles alone, before the JavaScript the shell lists.
        .replace(/\s*<link rel="stylesheet"[^>]*>/g, '')
        .replace(/(<meta name="description"[^>]*>)/, `$1\n    ${[...shellStyles, ...styles].join('\n    ')}`)
        .replace(
          '<div id="root"></div>',
          `<div id="root" data-prerendered="${language}">${body}</div>\n    <script type="application/json" id="site-data">${SITE_DATA_MARKER}</script>`,
        );
      if (html.includes('<div id="root"></div>')) throw new Error('index.html has no empty root to prerender into');
      const file = path.join(outDir, landingFile(language));
      fs.mkdirSync(path.dirname(file), { recursive: true });
      fs.writeFileSync(file, html);
    }
    // The manifest served its purpose; it is not for the public.
    fs.rmSync(path.join(outDir, '.vite'), { recursive: true, force: true });
  } finally {
    fs.rmSync(ssrDir, { recursive: true, force: true });
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const outDir = process.argv[2];
  if (!outDir) throw new Error('usage: node scripts/prerender.mjs <client out dir>');
  await prerender(path.resolve(outDir));
}
