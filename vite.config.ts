import { vanillaExtractPlugin } from '@vanilla-extract/vite-plugin';
import prefresh from '@prefresh/vite';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';

const preact = (file: string) => fileURLToPath(new URL(`node_modules/preact/${file}`, import.meta.url));

const API_PORT = Number(process.env.API_PORT ?? 3001);

export default defineConfig({
  root: 'client',
  publicDir: 'public',
  // Fast refresh for `npm run dev` under Preact (it does nothing in a build).
  plugins: [prefresh(), vanillaExtractPlugin()],
  resolve: {
    // The prerender's build for Node (scripts/prerender.mjs) bundles its packages too, so they get Preact as well.
    noExternal: true,
    // Preact's compatibility layer in place of React (issue 16: react-dom alone was 60 of the landing page's 145
    // KB). Files, not package names: a package required from CommonJS (use-sync-external-store) would otherwise
    // get Preact's CommonJS build beside the ES one, two Preacts whose hooks do not know each other.
    alias: [
      { find: /^react-dom\/client$/, replacement: preact('compat/client.mjs') },
      { find: /^react-dom\/server$/, replacement: preact('compat/server.mjs') },
      { find: /^(react|react-dom)$/, replacement: preact('compat/dist/compat.mjs') },
      { find: /^react\/jsx(-dev)?-runtime$/, replacement: preact('jsx-runtime/dist/jsxRuntime.mjs') },
      { find: /^preact$/, replacement: preact('dist/preact.mjs') },
      { find: /^preact\/hooks$/, replacement: preact('hooks/dist/hooks.mjs') },
      { find: /^preact\/compat$/, replacement: preact('compat/dist/compat.mjs') },
    ],
  },
  build: {
    outDir: '../dist/client',
    emptyOutDir: true,
    // scripts/prerender.mjs reads it to link the landing page's chunks from its prerendered HTML, then deletes it.
    manifest: true,
    // No source maps in what ships: the original sources are not published (`npm run dev` has its own).
  },
  server: {
    port: Number(process.env.PORT ?? 3000),
    proxy: {
      // The client's own modules under client/api/ share the prefix; they are served here, not by the API.
      '/api': { target: `http://127.0.0.1:${API_PORT}`, bypass: (req) => (/^\/api\/[^?]*\.tsx?(\?|$)/.test(req.url ?? '') ? req.url : undefined) },
      '/docs': `http://127.0.0.1:${API_PORT}`,
    },
  },
});
