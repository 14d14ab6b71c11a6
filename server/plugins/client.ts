import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyReply } from 'fastify';
import fp from 'fastify-plugin';
import { SPA_PATHS } from '../../machines/domain/routes';
import type { Config } from '../config';
import { prerenderedPages } from '../services/prerender/pages';
import { PRERENDER_DIR } from '../../openapi/prerender';
import { prerenderedPageSender } from './prerendered';

declare module 'fastify' {
  interface FastifyInstance {
    /** Renders the entry pages in every language before the first visitor asks (server/main.ts, after listening). */
    warmEntryPages: () => Promise<void>;
  }
}

const IMMUTABLE = 'public, max-age=31536000, immutable';

/**
 * Serves the built SPA. Spec routes get the app shell with 200; any other page path gets the same shell with
 * 404 (the SPA draws its Page Not Found); unknown /api paths get the JSON error shape.
 */
export default fp(
  async (app, opts: { config: Config }) => {
    const indexFile = path.join(opts.config.clientDir, 'index.html');
    const hasClient = fs.existsSync(indexFile);
    if (hasClient) {
      await app.register(fastifyStatic, {
        root: opts.config.clientDir,
        // Looked up per request rather than listed at start-up, so a rebuild under a running server is served too.
        wildcard: true,
        index: false,
        // Our own Cache-Control below; the plugin's would overwrite it with max-age=0.
        cacheControl: false,
        // The build writes .br and .gz beside each text file (scripts/build.mjs): sent as they are when accepted.
        preCompressed: true,
        // Source maps are not published, even if a build left some behind; the prerendered pages only filled in.
        allowedPath: (pathName) => !pathName.endsWith('.map') && !pathName.startsWith(`/${PRERENDER_DIR}/`),
        // Hashed assets never change; everything else (the shell, the favicon) is revalidated.
        setHeaders: (res, file) => {
          res.setHeader('Cache-Control', file.includes(`${path.sep}assets${path.sep}`) ? IMMUTABLE : 'no-cache');
          // Which form was sent depends on Accept-Encoding: a shared cache must not give brotli to a browser without it.
          // Lower case: @fastify/compress looks for it so, and would add a second.
          res.setHeader('Vary', 'accept-encoding');
        },
      });
      const shell = (reply: FastifyReply) => reply.type('text/html').header('Cache-Control', 'no-cache').sendFile('index.html');
      // An entry page's API reads, answered by the routes themselves as an anonymous visitor's browser would be.
      const answers = async (paths: string[]) => {
        const entries = await Promise.all(
          paths.map(async (url) => {
            const response = await app.inject({ method: 'GET', url, headers: { accept: 'application/json' } });
            if (response.statusCode !== 200) throw new Error(`GET ${url} answered ${response.statusCode}`);
            return [url, response.body] as const;
          }),
        );
        return Object.fromEntries(entries);
      };
      const prerendered = prerenderedPageSender(prerenderedPages(opts.config.clientDir, app.log), app.site, answers);
      app.decorate('warmEntryPages', prerendered.warm);
      for (const route of SPA_PATHS) {
        app.get(route, { schema: { hide: true } }, async (request, reply) => {
          if (!(await prerendered.send(request, reply))) return shell(reply);
          return reply;
        });
      }
    }

    if (!app.hasDecorator('warmEntryPages')) app.decorate('warmEntryPages', async () => {});

    // Sends without returning the reply: a returned reply is awaited as a thenable, and on top of the static
    // wildcard's own attempt that stacks more than ten 'close' listeners on one response (Node's leak warning).
    app.setNotFoundHandler((request, reply) => {
      const isPage = request.method === 'GET' && !request.url.startsWith('/api') && hasClient;
      if (isPage && !path.extname(request.url.split('?')[0] ?? '')) {
        reply.status(404).type('text/html').header('Cache-Control', 'no-cache').sendFile('index.html');
        return;
      }
      reply.status(404).send({
        statusCode: 404,
        error: 'Not Found',
        message: `No route ${request.method} ${request.url.split('?')[0]}`,
      });
    });
  },
  { name: 'client' },
);
