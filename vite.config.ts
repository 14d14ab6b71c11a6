import { vanillaExtractPlugin } from '@vanilla-extract/vite-plugin';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const API_PORT = Number(process.env.API_PORT ?? 3001);

export default defineConfig({
  root: 'client',
  publicDir: 'public',
  plugins: [react(), vanillaExtractPlugin()],
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
