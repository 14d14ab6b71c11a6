import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import type { AnyEventObject } from 'xstate';
import { emailLogCalls } from '../../client/api/actors/admin';
import { emailLogMachine, type EmailLogContext } from '../../machines/emailLog.machine';
import type { EmailListDto } from '../../openapi/schemas/mail';
import { lastCall, lastHeld, type PathModel, type Snap, type World } from './model';
import { PATHS_OWNER, resetOperator, signIn } from './operators';

// The admin's e-mails tab (issue 43) against the real routes: the newest messages, those in one state, a failed
// message sent again (a new message, queued, to the same address); a session that is not an admin's ends the tab.
// Each path's setup writes the same failed message again, newest of all, so every path can resend it.

const FAILED_ID = '0000e1a1-0000-4000-8000-00000000f41d';
const context = (s: Snap) => s.context as EmailLogContext;
const lost = (id: string): AnyEventObject => ({ type: `xstate.error.actor.${id}`, error: 'network' });
const failedEmail = { id: FAILED_ID, state: 'failed' };
const LIST = { emails: [failedEmail], total: 60, page: 1, pageSize: 50 };

async function ownerWithFailedMessage(world: World): Promise<void> {
  const db = world.app.db;
  await db.deleteFrom('emails').where('resend_of', '=', FAILED_ID).execute();
  await db.deleteFrom('emails').where('id', '=', FAILED_ID).execute();
  const at = new Date(Date.now() + 60_000).toISOString();
  await db
    .insertInto('emails')
    .values({
      id: FAILED_ID,
      event_key: 'paths:failed-receipt',
      kind: 'signInLink',
      recipient: 'path.failed@example.com',
      language: 'fr',
      data: JSON.stringify({ linkId: '00000000-0000-4000-8000-000000000000' }),
      state: 'failed',
      attempts: 6,
      message_id: '<paths-failed@rumbo.test>',
      subject: 'Votre lien de connexion',
      transport: null,
      smtp_response: '550 5.1.1 Mailbox unavailable',
      last_error: '550 5.1.1 Mailbox unavailable',
      resend_of: null,
      created_at: at,
      updated_at: at,
      claimed_at: null,
      sent_at: null,
    })
    .execute();
  // More than a page of messages (sent ones, older), so the list has a second page.
  const { n } = await db.selectFrom('emails').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  for (let i = Number(n); i < 60; i += 1) {
    const old = new Date(Date.UTC(2026, 0, 1, 0, i)).toISOString();
    const key = `paths:sent-${i}-${Date.now()}`;
    await db
      .insertInto('emails')
      .values({ id: randomUUID(), event_key: key, kind: 'nextSteps', recipient: 'path.sent@example.com', language: 'en', data: '{}', state: 'sent', attempts: 1, message_id: `<${key}@rumbo.test>`, subject: 'What happens next', transport: 'smtp', smtp_response: '250 OK', last_error: null, resend_of: null, created_at: old, updated_at: old, claimed_at: null, sent_at: old })
      .execute();
  }
  await resetOperator(world.app, PATHS_OWNER);
  await signIn(world, PATHS_OWNER);
}

function events(admin: boolean) {
  return (s: Snap): AnyEventObject[] => {
    const c = context(s);
    if (s.matches('loading')) return admin ? [{ type: 'xstate.done.actor.fetchEmails', output: LIST }, lost('fetchEmails')] : [{ type: 'xstate.error.actor.fetchEmails', error: { status: 401 }, sent: true }];
    if (s.matches('resending')) return [{ type: 'xstate.done.actor.resendEmail', output: { id: 'model' } }, lost('resendEmail')];
    if (s.matches('failed')) return [{ type: 'RETRY' }];
    if (!s.matches('ready')) return [];
    // A sent message is not offered again (its guard refuses it): only a failed one is.
    return [
      { type: 'FILTER', state: c.state === 'failed' ? '' : 'failed' },
      { type: 'RESEND', emailId: FAILED_ID },
      { type: 'RESEND', emailId: 'ffffffff-0000-4000-8000-000000000000' },
      c.page === 1 ? { type: 'PAGE', page: 2 } : { type: 'PAGE', page: 1 },
    ];
  };
}

const BACK_TO_GATE = { type: 'handOff', flow: 'adminGate', event: { type: 'EXPIRED' } };
const toastOf = (name: string, variant?: 'destructive') => ({
  type: 'toast',
  toast: { title: `maillink:toast.admin.${name}.title`, description: `maillink:toast.admin.${name}.description`, ...(variant ? { variant } : {}) },
});

/** The effects a step raises (a lost answer carries no server code: the tab's own words). */
function said(event: AnyEventObject, after: Snap): unknown[] {
  if (event.type === 'xstate.error.actor.fetchEmails') return after.status === 'done' ? [BACK_TO_GATE] : [toastOf('failed', 'destructive')];
  if (event.type === 'xstate.done.actor.resendEmail') return [toastOf('resent')];
  if (event.type === 'xstate.error.actor.resendEmail') return [toastOf('resendFailed', 'destructive')];
  return [];
}

export const emailLogPaths: PathModel = {
  machine: emailLogMachine,
  budget: 25,
  // What a person does after a failure, whatever the transition cover picks (issue 46 item 2).
  required: [
    {
      name: 'the messages not loaded, then Try again, then shown',
      through: [(e) => e.type === 'xstate.error.actor.fetchEmails', (e) => e.type === 'RETRY', (e) => e.type === 'xstate.done.actor.fetchEmails'],
    },
  ],
  calls: emailLogCalls,
  abstraction: (s) => ({ value: s.value, state: context(s).state, page: context(s).page }),
  cases: [
    { name: 'an owner reads the e-mails', input: undefined, setup: async (w, i) => (await ownerWithFailedMessage(w), i), events: events(true) },
    { name: 'a session that is not an admin', input: undefined, events: events(false) },
  ],
  oracle: {
    initial: (s, world) => {
      expect(s.value).toBe('loading');
      expect(world.held.map((h) => [h.name, h.input])).toEqual([['fetchEmails', {}]]);
    },
    step: ({ before, event, after, started, asked, world }) => {
      // What the tab says to the world at each step, as this model states it: a toast after a list that did not load
      // (or the gate again when the session is no longer an admin's), after a resend and after a lost one; else nothing.
      expect(asked.map((e) => e.params)).toEqual(said(event, after));
      if (event.type === 'FILTER') expect(started.map((h) => h.input)).toEqual([event.state ? { state: event.state } : {}]);
      if (event.type === 'RESEND') {
        const failed = context(before).data?.emails.some((e) => e.id === event.emailId && e.state === 'failed');
        expect(started.map((h) => [h.name, h.input])).toEqual(failed ? [['resendEmail', { emailId: event.emailId }]] : []);
      }
      if (event.type === 'PAGE') {
        const pages = Math.ceil((context(before).data?.total ?? 0) / 50);
        expect(started.map((h) => h.input)).toEqual(event.page <= pages && event.page !== context(before).page ? [event.page > 1 ? { page: event.page } : {}] : []);
      }
      if (event.type === 'xstate.done.actor.resendEmail') {
        // A new message to the same address, queued, that names the one it resends; the list is read again.
        const answer = lastCall(world, 'POST', '/api/admin/emails/');
        expect(answer?.status).toBe(201);
        expect(answer?.response).toMatchObject({ recipient: 'path.failed@example.com', resendOf: FAILED_ID, kind: 'signInLink' });
        expect(started.map((h) => h.name)).toEqual(['fetchEmails']);
      }
      if (event.type === 'xstate.error.actor.fetchEmails' && (event as { sent?: boolean }).sent) expect(after.status).toBe('done');
    },
    states: {
      ready: (s, world) => {
        const answer = lastCall(world, 'GET', '/api/admin/emails');
        expect(answer?.status).toBe(200);
        const body = answer?.response as EmailListDto;
        expect(context(s).data).toEqual(body);
        const state = context(s).state;
        if (state) expect(body.emails.every((e) => e.state === state)).toBe(true);
        // The failed message is the newest: it heads the first page of every list it belongs to, with the server's answer.
        if (context(s).page === 1) expect(body.emails.find((e) => e.id === FAILED_ID)).toMatchObject({ state: 'failed', smtpResponse: '550 5.1.1 Mailbox unavailable', attempts: 6 });
        expect(lastHeld(world, 'fetchEmails')?.verdict).toBe('sent');
      },
      expired: (s, world) => {
        expect(s.output).toEqual({ expired: true });
        expect(world.effects.at(-1)?.params).toEqual(BACK_TO_GATE);
      },
    },
  },
};
