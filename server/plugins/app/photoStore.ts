import fp from 'fastify-plugin';
import { PhotoStore } from '../../services/photo/store';

declare module 'fastify' {
  interface FastifyInstance {
    photoStore: PhotoStore;
  }
}

/** The photos an application keeps. */
export default fp(
  async (app) => {
    app.decorate('photoStore', new PhotoStore(app.db));
  },
  { name: 'photoStore', dependencies: ['db'] },
);
