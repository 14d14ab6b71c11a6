import fc from 'fast-check';
import { describe, expect, it, vi } from 'vitest';
import { fromPromise, waitFor } from 'xstate';
import { staffEmailMachine } from '../../machines/staffEmail.machine';
import { staffEmailView } from '../../machines/staffEmail.view';
import { effectsOf, startHeard } from './emitted';

// A staff account's e-mail address (issue 43), as a transition table: loaded, typed, checked, saved or refused.

type Save = (input: { operatorId: string | null; email: string }) => Promise<{ email: string; verified: boolean }>;

type Load = () => Promise<{ email: string | null; verified: boolean }>;

function start(operatorId: string | null, save: Save, load: Load = async () => ({ email: null, verified: false })) {
  const saveEmail = vi.fn(save);
  const loadEmail = vi.fn(load);
  const machine = staffEmailMachine.provide({
    actors: { loadEmail: fromPromise(() => loadEmail()), saveEmail: fromPromise(({ input }: { input: { operatorId: string | null; email: string } }) => saveEmail(input)) } as never,
  });
  return { actor: startHeard(machine, { operatorId }), saveEmail, loadEmail };
}

const taken = Object.assign(new Error('409'), { status: 409, code: 'email_taken' });

describe('staffEmail', () => {
  describe('when ready', () => {
    it('sends a valid address trimmed, then says a link is on its way to it (never that it was sent)', async () => {
      const { actor, saveEmail } = start(null, async ({ email }) => ({ email: email.toLowerCase(), verified: false }));
      await waitFor(actor, (s) => s.matches('ready'));
      actor.send({ type: 'EMAIL.CHANGE', value: '  Ana@Rumbo.Test ' });
      actor.send({ type: 'SAVE' });
      await waitFor(actor, (s) => s.matches('ready') && s.context.saved?.email !== null);
      expect(saveEmail.mock.calls[0]?.[0]).toEqual({ operatorId: null, email: 'Ana@Rumbo.Test' });
      expect(staffEmailView(actor.getSnapshot())).toMatchObject({ current: { email: 'ana@rumbo.test', verified: false }, sentTo: 'ana@rumbo.test', draft: 'ana@rumbo.test' });
      // One's own address: nobody else's list to read again.
      expect(effectsOf(actor.effects, 'handOff')).toEqual([]);
    });

    it('whatever is typed, sends only an address the sign-up takes, and otherwise says why at the field', async () => {
      await fc.assert(
        fc.asyncProperty(fc.oneof(fc.string(), fc.constantFrom('__proto__', 'constructor', '', '   ', 'a@b.co', ' x@y.org\t', 'ñandú@correo.es', 'a@@b.c')), async (typed) => {
          const { actor, saveEmail } = start(null, async ({ email }) => ({ email, verified: false }));
          await waitFor(actor, (s) => s.matches('ready'));
          actor.send({ type: 'EMAIL.CHANGE', value: typed });
          actor.send({ type: 'SAVE' });
          const s = actor.getSnapshot();
          if (s.matches('saving')) {
            expect(s.context.error).toBeNull();
            expect(typed.trim()).toMatch(/^[^\s@]+@[^\s@]+\.[^\s@]+$/);
          } else {
            expect(s.matches('ready')).toBe(true);
            expect(s.context.error?.key).toBe(typed.trim() === '' ? 'validation.required' : 'validation.email.invalid');
            expect(effectsOf(actor.effects, 'focusError')).toEqual([{ type: 'focusError', form: 'staff-email-form' }]);
          }
          actor.stop();
        }),
        { numRuns: 60 },
      );
    });
  });

  describe('when saving', () => {
    it('returns to the field with email_taken when another account uses the address', async () => {
      const { actor } = start('op-1', async () => Promise.reject(taken));
      await waitFor(actor, (s) => s.matches('ready'));
      actor.send({ type: 'EMAIL.CHANGE', value: 'taken@rumbo.test' });
      actor.send({ type: 'SAVE' });
      await waitFor(actor, (s) => s.matches('ready') && s.context.error !== null);
      expect(staffEmailView(actor.getSnapshot())).toMatchObject({ error: { key: 'errors:email_taken' }, sentTo: null, draft: 'taken@rumbo.test' });
      expect(effectsOf(actor.effects, 'toast')).toEqual([]);
      // Typing again clears the refusal.
      actor.send({ type: 'EMAIL.CHANGE', value: 'other@rumbo.test' });
      expect(actor.getSnapshot().context.error).toBeNull();
    });

    it('reads the address again after a lost answer, keeping what was typed, and tells the operators tab after an operator’s', async () => {
      let lose = true;
      const { actor, loadEmail } = start('op-1', async ({ email }) => {
        if (lose) throw new TypeError('Failed to fetch');
        return { email, verified: false };
      });
      await waitFor(actor, (s) => s.matches('ready'));
      actor.send({ type: 'EMAIL.CHANGE', value: 'ops@rumbo.test' });
      actor.send({ type: 'SAVE' });
      await waitFor(actor, (s) => s.matches('ready') && loadEmail.mock.calls.length === 2);
      expect(actor.getSnapshot().context.draft).toBe('ops@rumbo.test');
      expect(effectsOf(actor.effects, 'toast').map((e) => e.toast.title)).toEqual(['operators:toast.failed.title']);
      lose = false;
      actor.send({ type: 'SAVE' });
      await waitFor(actor, (s) => s.matches('ready') && s.context.sentTo !== null);
      expect(effectsOf(actor.effects, 'handOff')).toEqual([{ type: 'handOff', flow: 'operators', event: { type: 'RELOAD' } }]);
    });

    it('ends, back to the gate, when the server no longer answers this session as an admin', async () => {
      const { actor } = start(null, async () => ({ email: 'x@y.z', verified: false }), async () => Promise.reject({ status: 401 }));
      await waitFor(actor, (s) => s.status === 'done');
      expect(actor.getSnapshot().output).toEqual({ expired: true });
      expect(effectsOf(actor.effects, 'handOff')).toEqual([{ type: 'handOff', flow: 'adminGate', event: { type: 'EXPIRED' } }]);
    });
  });
});
