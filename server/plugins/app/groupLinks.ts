import fp from 'fastify-plugin';
import { GroupLinks } from '../../services/groups/invitations';

declare module 'fastify' {
  interface FastifyInstance {
    groupLinks: GroupLinks;
  }
}

/** A group's links by e-mail (issue 43): the leader's link back to the group, and invitations to a traveller's own form. */
export default fp(
  async (app) => {
    app.decorate('groupLinks', new GroupLinks(app.db, app.dialect, app.outbox, app.counters));
  },
  { name: 'groupLinks', dependencies: ['db', 'shared', 'outbox'] },
);
