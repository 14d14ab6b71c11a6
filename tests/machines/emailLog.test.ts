import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, waitFor, type AnyActorRef } from 'xstate';
import { emailLogMachine, emailQuery } from '../../machines/emailLog.machine';
import { emailLogView } from '../../machines/emailLog.view';
import { heard } from './emitted';

const email = (id: string, state: 'queued' | 'sent' | 'failed') => ({ id, state, kind: 'receipt', recipient: 'ana@example.com', attempts: 1 });
const LIST = { emails: [email('f1', 'failed'), email('s1', 'sent')], total: 2, page: 1, pageSize: 50, counts: { queued: 0, sending: 0, sent: 1, failed: 1 }, transport: { kind: 'file', describe: 'data/mail', warning: null } };

/** The toasts the machine emits, in order, from now on. */
function toastsOf(actor: AnyActorRef): unknown[] {
  const toasts: unknown[] = [];
  actor.on('toast', (e: { toast: unknown }) => void toasts.push(e.toast));
  return toasts;
}

describe('emailLog', () => {
  it('asks only for what narrows the list', () => {
    expect(emailQuery('', 1)).toEqual({});
    expect(emailQuery('failed', 3)).toEqual({ state: 'failed', page: 3 });
  });

  it('resends a failed message only, then reads the list again; a lost resend reads it too', async () => {
    const fetchEmails = vi.fn(async () => LIST);
    let fail = false;
    const resendEmail = vi.fn(async () => {
      if (fail) throw new TypeError('Failed to fetch');
      return email('n1', 'queued');
    });
    const actor = createActor(emailLogMachine.provide({ actors: { fetchEmails: fromPromise(fetchEmails), resendEmail: fromPromise(resendEmail) } as any }));
    const toasts = toastsOf(actor);
    actor.start();
    await waitFor(actor, (s) => s.matches('ready'));
    expect(emailLogView(actor.getSnapshot()).emails.map((e) => [e.id, e.resendable])).toEqual([['f1', true], ['s1', false]]);
    actor.send({ type: 'RESEND', emailId: 's1' });
    expect(resendEmail).not.toHaveBeenCalled();
    actor.send({ type: 'RESEND', emailId: 'f1' });
    expect(emailLogView(actor.getSnapshot()).emails[0]?.resending).toBe(true);
    await waitFor(actor, (s) => s.matches('ready') && fetchEmails.mock.calls.length === 2);
    expect(toasts).toEqual([{ title: 'maillink:toast.admin.resent.title', description: 'maillink:toast.admin.resent.description' }]);
    fail = true;
    actor.send({ type: 'RESEND', emailId: 'f1' });
    await waitFor(actor, (s) => s.matches('ready') && fetchEmails.mock.calls.length === 3);
    // A lost answer carries no server code: the tab's own words.
    expect(toasts.at(-1)).toEqual({ title: 'maillink:toast.admin.resendFailed.title', description: 'maillink:toast.admin.resendFailed.description', variant: 'destructive' });
    expect(toasts).toHaveLength(2);
  });

  it('words a refused resend by the server’s code', async () => {
    const refusal = { status: 409, code: 'email_resent' };
    const actor = createActor(emailLogMachine.provide({ actors: { fetchEmails: fromPromise(async () => LIST), resendEmail: fromPromise(async () => Promise.reject(refusal)) } as any }));
    const toasts = toastsOf(actor);
    actor.start();
    await waitFor(actor, (s) => s.matches('ready'));
    actor.send({ type: 'RESEND', emailId: 'f1' });
    await waitFor(actor, () => toasts.length === 1);
    expect(toasts).toEqual([{ title: 'maillink:toast.admin.resendFailed.title', description: 'errors:email_resent', variant: 'destructive' }]);
  });

  it('says a list that did not load, and offers it again', async () => {
    let fail = true;
    const actor = createActor(emailLogMachine.provide({ actors: { fetchEmails: fromPromise(async () => (fail ? Promise.reject(new TypeError('Failed to fetch')) : LIST)) } as any }));
    const toasts = toastsOf(actor);
    actor.start();
    await waitFor(actor, (s) => s.matches('failed'));
    expect(toasts).toEqual([{ title: 'maillink:toast.admin.failed.title', description: 'maillink:toast.admin.failed.description', variant: 'destructive' }]);
    fail = false;
    actor.send({ type: 'RETRY' });
    await waitFor(actor, (s) => s.matches('ready'));
    expect(toasts).toHaveLength(1);
  });

  it('ends when the server no longer answers this session as an admin', async () => {
    const actor = createActor(emailLogMachine.provide({ actors: { fetchEmails: fromPromise(async () => Promise.reject({ status: 401 })) } as any }));
    const said = heard(actor);
    actor.start();
    await waitFor(actor, (s) => s.status === 'done');
    expect(actor.getSnapshot().output).toEqual({ expired: true });
    // The gate hears it and shows its sign-in again; no toast.
    expect(said).toEqual([{ type: 'handOff', flow: 'adminGate', event: { type: 'EXPIRED' } }]);
  });
});
