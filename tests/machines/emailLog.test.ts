import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { emailLogMachine, emailQuery } from '../../machines/emailLog.machine';
import { emailLogView, resendRefusal } from '../../machines/emailLog.view';

const email = (id: string, state: 'queued' | 'sent' | 'failed') => ({ id, state, kind: 'receipt', recipient: 'ana@example.com', attempts: 1 });
const LIST = { emails: [email('f1', 'failed'), email('s1', 'sent')], total: 2, page: 1, pageSize: 50, counts: { queued: 0, sending: 0, sent: 1, failed: 1 }, transport: { kind: 'file', describe: 'data/mail', warning: null } };

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
    const announceResent = vi.fn();
    const announceResendFailed = vi.fn();
    const actor = createActor(emailLogMachine.provide({ actors: { fetchEmails: fromPromise(fetchEmails), resendEmail: fromPromise(resendEmail) } as any, actions: { announceResent, announceResendFailed } })).start();
    await waitFor(actor, (s) => s.matches('ready'));
    expect(emailLogView(actor.getSnapshot()).emails.map((e) => [e.id, e.resendable])).toEqual([['f1', true], ['s1', false]]);
    actor.send({ type: 'RESEND', emailId: 's1' });
    expect(resendEmail).not.toHaveBeenCalled();
    actor.send({ type: 'RESEND', emailId: 'f1' });
    expect(emailLogView(actor.getSnapshot()).emails[0]?.resending).toBe(true);
    await waitFor(actor, (s) => s.matches('ready') && fetchEmails.mock.calls.length === 2);
    expect(announceResent).toHaveBeenCalledTimes(1);
    fail = true;
    actor.send({ type: 'RESEND', emailId: 'f1' });
    await waitFor(actor, (s) => s.matches('ready') && fetchEmails.mock.calls.length === 3);
    expect(announceResendFailed).toHaveBeenCalledTimes(1);
    expect(resendRefusal(announceResendFailed.mock.calls[0]?.[1]?.error)).toBeNull();
  });

  it('words a refused resend by the server’s code', async () => {
    const announceResendFailed = vi.fn();
    const refusal = { status: 409, code: 'email_resent' };
    const actor = createActor(emailLogMachine.provide({ actors: { fetchEmails: fromPromise(async () => LIST), resendEmail: fromPromise(async () => Promise.reject(refusal)) } as any, actions: { announceResendFailed } })).start();
    await waitFor(actor, (s) => s.matches('ready'));
    actor.send({ type: 'RESEND', emailId: 'f1' });
    await waitFor(actor, () => announceResendFailed.mock.calls.length === 1);
    expect(resendRefusal(announceResendFailed.mock.calls[0]?.[1]?.error)).toBe('errors:email_resent');
  });

  it('ends when the server no longer answers this session as an admin', async () => {
    const actor = createActor(emailLogMachine.provide({ actors: { fetchEmails: fromPromise(async () => Promise.reject({ status: 401 })) } as any })).start();
    await waitFor(actor, (s) => s.status === 'done');
    expect(actor.getSnapshot().output).toEqual({ expired: true });
  });
});
