import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import {
  acceptInvitation,
  adminTotp,
  auditLog,
  changeOperator,
  confirmEnrolment,
  createOperator,
  listOperators,
  reinviteOperator,
  setOperatorEmail,
  setOwnEmail,
  startEnrolment,
} from '../../openapi/routes/operators';
import { clientOf, fromContract, perMinute } from '../lib/route';
import { requestLanguage } from '../plugins/prerendered';
import { unauthorized } from '../lib/problems';
import { notOneself } from '../services/operators/service';
import type { StaffRequest } from '../plugins/session/adminAccess';
import { signInStaff } from './admin';

const staffOf = (request: FastifyRequest): StaffRequest => request.staff as StaffRequest;

// Operators (issue 44 item 6): the second step of signing in, taking an invitation, setting up two-factor sign-in,
// the owners' operators page and the audit log. Who may call each /api/admin route is the access table's call.
const operators: FastifyPluginAsyncTypebox = async (app) => {
  app.route({
    ...fromContract(adminTotp),
    config: perMinute(10),
    handler: async (request) => {
      const pending = request.session.adminPending;
      if (!pending || pending.until <= app.operators.now()) {
        if (pending) request.session.set('adminPending', undefined);
        throw unauthorized('Your sign-in took too long. Enter your username and password again.', 'second_step_expired');
      }
      const user = await app.operators.secondFactor(pending.userId, request.body.code, clientOf(request));
      return signInStaff(request, user, 'done');
    },
  });

  app.route({
    ...fromContract(acceptInvitation),
    config: perMinute(10),
    handler: async (request) => {
      const { user, step } = await app.operators.acceptInvitation(request.body.token, request.body.password);
      return signInStaff(request, user, step);
    },
  });

  app.route({ ...fromContract(startEnrolment), config: perMinute(10), handler: async (request) => app.operators.startEnrolment(staffOf(request).user) });

  app.route({
    ...fromContract(confirmEnrolment),
    config: perMinute(10),
    handler: async (request) => ({ recoveryCodes: await app.operators.confirmEnrolment(staffOf(request).user.id, request.body.code, clientOf(request)) }),
  });

  app.route({ ...fromContract(listOperators), handler: async () => ({ operators: await app.operators.list() }) });

  app.route({
    ...fromContract(createOperator),
    handler: async (request, reply) => reply.status(201).send(await app.operators.create(staffOf(request).actor, request.body)),
  });

  app.route({ ...fromContract(changeOperator), handler: async (request) => app.operators.change(staffOf(request).actor, request.params.id, request.body) });

  app.route({ ...fromContract(reinviteOperator), handler: async (request) => app.operators.reinvite(staffOf(request).actor, request.params.id) });

  // A staff account's address (issue 43): verified by a link sent to it, as an applicant's, before a reset uses it.
  app.route({
    ...fromContract(setOwnEmail),
    config: perMinute(10),
    handler: async (request) => app.recovery.setStaffEmail(staffOf(request).user.id, request.body.email, requestLanguage(request)),
  });

  app.route({
    ...fromContract(setOperatorEmail),
    config: perMinute(10),
    handler: async (request) => {
      const { actor } = staffOf(request);
      // One's own address is set on the account tab (PUT /api/admin/account/email), as every other change to oneself.
      notOneself(actor, request.params.id);
      const state = await app.recovery.setStaffEmail(request.params.id, request.body.email, requestLanguage(request));
      await app.audit.record(actor, 'operator.email', request.params.id);
      return state;
    },
  });

  app.route({ ...fromContract(auditLog), handler: async (request) => app.audit.list(request.query) });
};

export default operators;
