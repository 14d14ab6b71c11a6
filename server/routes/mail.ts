import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import {
  checkPasswordReset,
  confirmPasswordReset,
  devMailbox,
  devMailboxEml,
  devMailboxHtml,
  inviteTraveller,
  openInvitation,
  requestPasswordReset,
  requestSignInLink,
  useSignInLink,
} from '../../openapi/routes/mail';
import { notFound } from '../lib/problems';
import { clientOf, fromContract, perMinute } from '../lib/route';
import { requestLanguage } from '../plugins/prerendered';
import { isActiveStaff, stepAfterPassword } from '../services/operators/service';
import { afterPassword } from './admin';
import { signIn } from './signIn';
import { toAccount } from '../services/accounts/service';
import { mailboxPage } from '../services/mail/mailboxPage';
import { wordsOf } from '../services/mail/words';

/** A session keeps at most this many applications opened by a link or a resume code (a group of 50 and a few more). */
const MAX_OPENED = 60;

/**
 * Asked-for links answer after at least this long whatever happened: an address with an account (a row written,
 * a message queued) and one without take the same time, so the time says nothing the words do not.
 */
const EVEN_ANSWER_MS = 250;

async function evenly<T>(work: Promise<T>): Promise<T> {
  const started = Date.now();
  const settled = await Promise.allSettled([work]);
  const left = EVEN_ANSWER_MS - (Date.now() - started);
  if (left > 0) await new Promise((resolve) => setTimeout(resolve, left));
  const [result] = settled;
  if (result?.status === 'rejected') throw result.reason;
  return (result as PromiseFulfilledResult<T>).value;
}

/** A browser's navigation: it asks for HTML before JSON (a program's fetch asks for JSON, or for anything). */
function wantsPage(request: FastifyRequest): boolean {
  const accept = request.headers.accept ?? '';
  const html = accept.indexOf('text/html');
  const json = accept.indexOf('application/json');
  return html !== -1 && (json === -1 || html < json);
}

/** The server's own machine: a development mailbox is for the person at it (or an admin), not the network. */
const isLoopback = (request: FastifyRequest) => /^(127\.|::1$|::ffff:127\.)/.test(request.socket.remoteAddress ?? '');

/**
 * E-mail (issue 43): back into an account by e-mail, a group's invitations and link back, and the development
 * mailbox. The admin's e-mails tab is with the other admin operations (routes/admin.ts).
 */
const mail: FastifyPluginAsyncTypebox = async (app) => {
  app.route({
    ...fromContract(requestPasswordReset),
    config: perMinute(10),
    handler: async (request, reply) =>
      reply.status(202).send(await evenly(app.recovery.requestReset(request.body.email, clientOf(request), requestLanguage(request)))),
  });

  app.route({
    ...fromContract(checkPasswordReset),
    config: perMinute(30),
    handler: async (request) => app.recovery.resetLinkState(request.body.token),
  });

  app.route({
    ...fromContract(confirmPasswordReset),
    config: perMinute(10),
    handler: async (request) => {
      const user = await app.recovery.resetPassword(request.body.token, request.body.password);
      // An operator goes on into the admin area, through the app's code when it is set up; an applicant signs in
      // with the new password from the page.
      const staff = isActiveStaff(user) ? await afterPassword(request, user, stepAfterPassword(user)) : null;
      return { email: user.email ?? '', staff };
    },
  });

  app.route({
    ...fromContract(requestSignInLink),
    config: perMinute(10),
    handler: async (request, reply) =>
      reply.status(202).send(await evenly(app.recovery.requestSignInLink(request.body.email, clientOf(request), requestLanguage(request)))),
  });

  app.route({
    ...fromContract(useSignInLink),
    config: perMinute(10),
    handler: async (request) => {
      const user = await app.recovery.useLink(request.body.token);
      // A staff account's verification link verifies its address and signs nobody in (the admin sign-in does, with
      // its second step).
      return user.role === 'user' ? signIn(request, user) : toAccount(user);
    },
  });

  app.route({
    ...fromContract(inviteTraveller),
    config: perMinute(20),
    handler: async (request, reply) => {
      const { groupId, leadId } = request.params;
      const email = await app.groupLinks.invite(request.access(), groupId, leadId, request.body.email, clientOf(request), requestLanguage(request), (to) =>
        app.mail.queuedNotice(to),
      );
      return reply.status(202).send({ email });
    },
  });

  app.route({
    ...fromContract(openInvitation),
    config: perMinute(20),
    handler: async (request) => {
      const { leads, ...opened } = await app.groupLinks.open(request.body.token);
      // As a resume code's application: this browser session may use what the link opened, and nothing else.
      const kept = (request.session.resumedLeads ?? []).filter((id) => !leads.includes(id));
      request.session.set('resumedLeads', [...kept, ...leads].slice(-MAX_OPENED));
      return opened;
    },
  });

  const mailboxOnly = async (request: FastifyRequest) => {
    if (!app.mail.mailboxOpen() || !(isLoopback(request) || request.session.role === 'admin')) throw notFound('There is no development mailbox here.');
  };

  app.route({
    ...fromContract(devMailbox),
    onRequest: mailboxOnly,
    handler: async (request, reply) => {
      reply.header('cache-control', 'no-store').header('vary', 'accept');
      // A browser opening the address gets the page (its links to follow); a program, the JSON.
      if (!wantsPage(request)) return reply.send(app.mail.mailbox());
      const language = requestLanguage(request);
      return reply
        .type('text/html; charset=utf-8')
        .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'")
                // The page's text, beside the contract's JSON for programs (Fastify sends a string as it is).
        .send(mailboxPage(app.mail.mailbox(), wordsOf(language), language) as never);
    },
  });

  app.route({
    ...fromContract(devMailboxHtml),
    onRequest: mailboxOnly,
    handler: async (request, reply) =>
      reply
        .type('text/html; charset=utf-8')
        .header('cache-control', 'no-store')
        // A message's HTML runs nothing and loads nothing but its own inline styles, as a mail client shows it.
        .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'; img-src data:; frame-ancestors 'self'")
        .send(app.mail.mailboxHtml(request.params.messageId)),
  });

  app.route({
    ...fromContract(devMailboxEml),
    onRequest: mailboxOnly,
    handler: async (request, reply) =>
      reply
        .type('message/rfc822')
        .header('cache-control', 'no-store')
        .header('content-disposition', `attachment; filename="${request.params.messageId}.eml"`)
        // The file's bytes as they are; the contract documents them as the text they are.
        .send(app.mail.mailboxEml(request.params.messageId) as unknown as string),
  });
};

export default mail;
