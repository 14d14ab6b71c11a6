import { vanillaExtractPlugin } from '@vanilla-extract/vite-plugin';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const API_PORT = Number(process.env.API_PORT ?? 3001);

export default defineConfig({
  root: 'client',
  publicDir: 'public',
  // Fast refresh for `npm run dev` (it does nothing in a build).
  plugins: [react(), vanillaExtractPlugin()],
  // The server's bundle of the entry pages (client/prerender.tsx) carries its packages, so it renders wherever
  // the build was written (tests build into their own folders) and never meets another copy of React.
  ssr: { noExternal: true, target: 'node' },
  build: {
    outDir: '../dist/client',
    emptyOutDir: true,
    // One style sheet for the whole app (40 KB, 6 KB compressed): the server writes it into each entry page it
    // renders, so those paint without a request for styles; every other page loads it once, cached for a year, and
    // no page's styles arrive later in an order that would change which rule wins.
    cssCodeSplit: false,
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
