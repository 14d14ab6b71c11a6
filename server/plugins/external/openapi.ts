import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import fp from 'fastify-plugin';

/** The HTTP contract: every tagged route, served as JSON at /docs/json and browsable at /docs. */
export default fp(
  async (app) => {
    await app.register(swagger, {
      openapi: {
        openapi: '3.1.0',
        info: {
          title: 'Rumbo API',
          description: 'U.S. travel authorisation assistant: DS-160 and ESTA wizards, leads, pricing and AI tools.',
          version: '0.1.0',
        },
      },
      refResolver: { buildLocalReference: (json, _baseUri, _fragment, i) => String(json.$id ?? `def-${i}`) },
    });
    // Under the app's own Content-Security-Policy (server/plugins/security.ts), not one of Swagger UI's that allows
    // any https: style. Its top bar's logo is an SVG with an inline <style> that policy refuses, and the bar offers
    // nothing here (it explores other documents' URLs), so the page draws the base layout without it.
    await app.register(swaggerUi, { routePrefix: '/docs', uiConfig: { layout: 'BaseLayout' } });
  },
  { name: 'openapi' },
);
