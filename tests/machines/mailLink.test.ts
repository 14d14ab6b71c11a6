import type { AdminSignInDto } from '../../openapi/schemas/operators';
import fc from 'fast-check';
import { describe, expect, it, vi } from 'vitest';
import { fromPromise, waitFor, type AnyActorRef } from 'xstate';
import { linkProblemOf, mailLinkMachine } from '../../machines/mailLink.machine';
import { mailLinkFlow, mailLinkView } from '../../machines/mailLink.view';
import type { World } from '../../machines/flow';
import type { AccountDto } from '../../openapi/schemas/auth';
import { startHeard } from './emitted';

const settle = (actor: AnyActorRef) => waitFor(actor, (s) => !s.hasTag('busy') || s.status === 'done');
const resolves = <T,>(value: T): any => fromPromise(async () => value);
const rejects = (error: unknown): any =>
  fromPromise(async () => {
    throw error;
  });
const ACCOUNT: AccountDto = { id: 'u1', email: 'ana@example.com', role: 'user' };
const TOKEN = 'A'.repeat(43);

const world = (query: string): World => ({ language: 'es', search: new URLSearchParams(query), kept: () => null, today: '2026-11-29' });

describe('mailLink', () => {
  it('takes the token from the address only on the pages a link opens', () => {
    expect(mailLinkFlow.input(world(`token=${TOKEN}`), { purpose: 'reset', opensLink: true })).toEqual({ purpose: 'reset', token: TOKEN });
    expect(mailLinkFlow.input(world(`token=${TOKEN}`), { purpose: 'reset', opensLink: false })).toEqual({ purpose: 'reset', token: null });
    expect(mailLinkFlow.input(world(''), { purpose: 'signIn', opensLink: true })).toEqual({ purpose: 'signIn', token: null });
  });

  it('asks for a link with the address trimmed, and answers the same whatever the server knows', async () => {
    const requestLink = vi.fn(async () => ({ message: 'same' }));
    const actor = startHeard(mailLinkMachine.provide({ actors: { requestLink: fromPromise(requestLink) } }), { purpose: 'reset', token: null });
    actor.send({ type: 'REQUEST' });
    expect(mailLinkView(actor.getSnapshot()).errors.email).toBeDefined();
    expect(actor.effects).toEqual([{ type: 'focusError', form: 'link-request-form' }]);
    actor.send({ type: 'FIELD.CHANGE', field: 'email', value: '  ana@example.com ' });
    actor.send({ type: 'REQUEST' });
    await settle(actor);
    expect(requestLink).toHaveBeenCalledWith(expect.objectContaining({ input: { purpose: 'reset', email: 'ana@example.com' } }));
    expect(mailLinkView(actor.getSnapshot()).screen).toBe('requested');
    actor.send({ type: 'ANOTHER' });
    expect(mailLinkView(actor.getSnapshot())).toMatchObject({ screen: 'ask', fields: { email: '' } });
  });

  it('checks a reset link, takes the new password twice, and signs in with it', async () => {
    const confirmReset = vi.fn(async () => ({ email: ACCOUNT.email, staff: null as AdminSignInDto | null }));
    const userLogin = vi.fn(async () => ACCOUNT);
    const machine = mailLinkMachine.provide({ actors: { checkReset: resolves({ valid: true, problem: null }), confirmReset: fromPromise(confirmReset), userLogin: fromPromise(userLogin) } });
    const actor = startHeard(machine, { purpose: 'reset', token: TOKEN });
    await settle(actor);
    expect(mailLinkView(actor.getSnapshot()).screen).toBe('choose');
    actor.send({ type: 'FIELD.CHANGE', field: 'password', value: 'a long passphrase' });
    actor.send({ type: 'FIELD.CHANGE', field: 'confirmPassword', value: 'another passphrase' });
    actor.send({ type: 'SAVE' });
    expect(Object.keys(mailLinkView(actor.getSnapshot()).errors)).toEqual(['confirmPassword']);
    expect(confirmReset).not.toHaveBeenCalled();
    actor.send({ type: 'FIELD.CHANGE', field: 'confirmPassword', value: 'a long passphrase' });
    actor.send({ type: 'SAVE' });
    await waitFor(actor, (s) => s.status === 'done');
    expect(userLogin).toHaveBeenCalledWith(expect.objectContaining({ input: { email: ACCOUNT.email, password: 'a long passphrase' } }));
    expect(actor.effects.slice(1)).toEqual([
      { type: 'toast', toast: { title: 'maillink:toast.reset.title', description: 'maillink:toast.reset.signedIn' } },
      { type: 'signedIn', account: ACCOUNT },
      { type: 'navigate', to: '/dashboard', replace: true },
    ]);
  });

  it('sends a person whose new password is saved but whose sign-in failed to sign in', async () => {
    const machine = mailLinkMachine.provide({ actors: { checkReset: resolves({ valid: true, problem: null }), confirmReset: resolves({ email: ACCOUNT.email, staff: null }), userLogin: rejects(new TypeError('Failed to fetch')) } });
    const actor = startHeard(machine, { purpose: 'reset', token: TOKEN });
    await settle(actor);
    actor.send({ type: 'FIELD.CHANGE', field: 'password', value: 'a long passphrase' });
    actor.send({ type: 'FIELD.CHANGE', field: 'confirmPassword', value: 'a long passphrase' });
    actor.send({ type: 'SAVE' });
    await waitFor(actor, (s) => s.status === 'done');
    expect(actor.getSnapshot().value).toBe('toSignIn');
    expect(actor.effects.at(-1)).toEqual({ type: 'navigate', to: '/login', replace: true });
    expect(actor.effects.some((e) => e.type === 'signedIn')).toBe(false);
  });

  it('sends an operator whose password a reset link changed on to the admin area, where the server signed them in or waits for their code', async () => {
    const userLogin = vi.fn(async () => ACCOUNT);
    const staff = { username: 'ops', step: 'totp' as const, admin: null };
    const machine = mailLinkMachine.provide({ actors: { checkReset: resolves({ valid: true, problem: null }), confirmReset: resolves({ email: 'ops@rumbo.test', staff }), userLogin: fromPromise(userLogin) } });
    const actor = startHeard(machine, { purpose: 'reset', token: TOKEN });
    await settle(actor);
    actor.send({ type: 'FIELD.CHANGE', field: 'password', value: 'a long passphrase' });
    actor.send({ type: 'FIELD.CHANGE', field: 'confirmPassword', value: 'a long passphrase' });
    actor.send({ type: 'SAVE' });
    await waitFor(actor, (s) => s.status === 'done');
    expect(actor.getSnapshot().value).toBe('toAdmin');
    expect(userLogin).not.toHaveBeenCalled();
    expect(actor.effects.slice(-2)).toEqual([
      { type: 'toast', toast: { title: 'maillink:toast.reset.title', description: 'maillink:toast.reset.staff' } },
      { type: 'navigate', to: '/teamomora', replace: true },
    ]);
    expect(actor.effects.some((e) => e.type === 'signedIn')).toBe(false);
  });

  it('says why a link opens nothing, and offers another only where one can be asked for', async () => {
    for (const [purpose, actors] of [
      ['reset', { checkReset: resolves({ valid: false, problem: 'expired' }) }],
      ['signIn', { useSignInLink: rejects({ status: 410, code: 'link_used' }) }],
      ['invitation', { openInvitation: rejects({ status: 404, code: 'link_unknown' }) }],
    ] as const) {
      const actor = startHeard(mailLinkMachine.provide({ actors: actors as never }), { purpose, token: TOKEN });
      await settle(actor);
      const view = mailLinkView(actor.getSnapshot());
      expect(view.screen).toBe('broken');
      expect(view.problem).toBe(purpose === 'reset' ? 'expired' : purpose === 'signIn' ? 'used' : 'unknown');
      actor.send({ type: 'ANOTHER' });
      expect(mailLinkView(actor.getSnapshot()).screen).toBe(purpose === 'invitation' ? 'broken' : 'ask');
    }
  });

  it('tries a link again after a lost connection rather than calling it broken', async () => {
    let calls = 0;
    const useSignInLink = fromPromise<AccountDto, { token: string }>(async () => {
      calls += 1;
      if (calls === 1) throw new TypeError('Failed to fetch');
      return ACCOUNT;
    });
    const actor = startHeard(mailLinkMachine.provide({ actors: { useSignInLink } }), { purpose: 'signIn', token: TOKEN });
    await settle(actor);
    expect(mailLinkView(actor.getSnapshot()).screen).toBe('unanswered');
    actor.send({ type: 'RETRY' });
    await waitFor(actor, (s) => s.status === 'done');
    expect(actor.effects.filter((e) => e.type !== 'toast')).toEqual([{ type: 'signedIn', account: ACCOUNT }, { type: 'navigate', to: '/dashboard', replace: true }]);
  });

  it('opens the invited traveller’s form in place of the landing, so Back does not use the link again', async () => {
    const actor = startHeard(mailLinkMachine.provide({ actors: { openInvitation: resolves({ to: '/ds160-wizard?traveller=l2', leadId: 'l2', groupId: 'g1' }) } }), { purpose: 'invitation', token: TOKEN });
    await waitFor(actor, (s) => s.status === 'done');
    expect(actor.effects).toEqual([{ type: 'navigate', to: '/ds160-wizard?traveller=l2', replace: true }]);
  });

  it('an invitation page without its token says the link does not work', () => {
    const actor = startHeard(mailLinkMachine, { purpose: 'invitation', token: '   ' });
    expect(mailLinkView(actor.getSnapshot())).toMatchObject({ screen: 'broken', problem: 'unknown', canAskAgain: false });
  });

  it('names a link problem only from the server’s link codes', () => {
    fc.assert(
      fc.property(fc.oneof(fc.string(), fc.constantFrom('link_unknown', 'link_expired', 'link_used', 'link_', 'link_other', 'invitation_expired')), (code) => {
        const problem = linkProblemOf({ code });
        expect(problem).toBe(['link_unknown', 'link_expired', 'link_used'].includes(code) ? code.slice(5) : null);
      }),
      { numRuns: 200 },
    );
    expect(linkProblemOf(new TypeError('Failed to fetch'))).toBeNull();
    expect(linkProblemOf(null)).toBeNull();
  });
});
