import { constants } from 'node:zlib';
import compress from '@fastify/compress';
import fp from 'fastify-plugin';

/**
 * API answers in JSON are compressed above a kilobyte, brotli or gzip as the client accepts. Only JSON: the chat's
 * event stream must reach the browser piece by piece, and the built files are compressed once at build time
 * (scripts/build.mjs) and served as they are (plugins/client.ts).
 */
export default fp(
  async (app) => {
    await app.register(compress, {
      global: true,
      threshold: 1024,
      encodings: ['br', 'gzip'],
      customTypes: /^application\/json/,
      // Fast settings: a JSON answer is small and made once; the best ratio is for the built files.
      brotliOptions: { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } },
    });
  },
  // Its hooks come after security's, the order the two had when app.ts listed them (hooks run as registered).
  { name: 'compression', dependencies: ['security'] },
);
