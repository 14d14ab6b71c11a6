import fp from 'fastify-plugin';
import { GroupService } from '../../services/groups/service';

declare module 'fastify' {
  interface FastifyInstance {
    groups: GroupService;
  }
}

/** Families and groups travelling together, each traveller with their own application. */
export default fp(
  async (app) => {
    app.decorate('groups', new GroupService(app.db, app.dialect, (trx, group, leader, language) => app.groupLinks.queueGroupLink(trx, group, leader, language)));
  },
  { name: 'groups', dependencies: ['db', 'groupLinks'] },
);
