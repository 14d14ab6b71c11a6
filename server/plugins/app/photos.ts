import fp from 'fastify-plugin';
import { PhotoService } from '../../services/photo/service';

declare module 'fastify' {
  interface FastifyInstance {
    photos: PhotoService;
  }
}

/** Checks a photo against the State Department's rules (face, size, background). */
export default fp(
  async (app) => {
    app.decorate('photos', new PhotoService());
  },
  { name: 'photos' },
);
