import { expect } from 'vitest';
import type { AnyEventObject } from 'xstate';
import { staffEmailCalls } from '../../client/api/actors/admin';
import { staffEmailMachine, type StaffEmailContext } from '../../machines/staffEmail.machine';
import { lastCall, type PathModel, type Snap, type World } from './model';
import { PATHS_OWNER, resetOperator, signIn } from './operators';

// A staff account's e-mail address (issue 43) against the real routes, signed in as the owner: their own (the
// account tab) and an operator's (the operators tab). An address is checked before it leaves; one another account
// uses is refused at the field; a saved one starts unverified, with a verification message queued to it, and the
// operators' list is read again after an operator's. A session that is not an admin's ends the form.

const TARGET = { username: 'paths-email-target', password: 'paths email target password', role: 'operator' as const, totp: false };
const TARGET_ID = '00000000-0000-4000-8000-00000000e711';
/** An applicant's account holds it: no staff account may take it. */
const TAKEN = 'paths.taken.staff@rumbo.test';
const TAKEN_ID = '00000000-0000-4000-8000-00000000e712';
/** The address each case types: spaces and capitals around it, as a person may paste it. */
const FRESH = { own: '  Paths.Owner.Mail@Rumbo.Test ', operator: 'paths.operator.mail@rumbo.test' } as const;
const INVALID = 'not an address';
/** What every case's setup leaves: no address (the graph's outcome; the live run's comes from the server). */
const NONE_YET = { email: null, verified: false };

type Kind = keyof typeof FRESH;
const context = (s: Snap) => s.context as StaffEmailContext;
const lost = (id: string): AnyEventObject => ({ type: `xstate.error.actor.${id}`, error: 'network' });

async function owner(world: World): Promise<void> {
  await resetOperator(world.app, PATHS_OWNER);
  await resetOperator(world.app, TARGET, TARGET_ID);
  await world.app.db.updateTable('users').set({ email: null, email_verified_at: null }).where('username', 'in', [PATHS_OWNER.username, TARGET.username]).execute();
  const held = await world.app.db.selectFrom('users').select('id').where('email', '=', TAKEN).executeTakeFirst();
  if (!held) {
    await world.app.db
      .insertInto('users')
      .values({ id: TAKEN_ID, username: null, email: TAKEN, password_hash: null, role: 'user', guest_email: null, created_at: new Date().toISOString(), email_verified_at: null })
      .execute();
  }
  await signIn(world, PATHS_OWNER);
}

function events(kind: Kind | 'stranger') {
  return (s: Snap): AnyEventObject[] => {
    const c = context(s);
    if (s.matches('loading')) return kind === 'stranger' ? [{ type: 'xstate.error.actor.loadEmail', error: { status: 401 }, sent: true }] : [{ type: 'xstate.done.actor.loadEmail', output: NONE_YET }, lost('loadEmail')];
    if (s.matches('failed')) return [{ type: 'RETRY' }];
    if (s.matches('saving')) {
      const refused = c.draft.trim().toLowerCase() === TAKEN;
      return [refused ? { type: 'xstate.error.actor.saveEmail', error: { status: 409, code: 'email_taken' }, sent: true } : { type: 'xstate.done.actor.saveEmail', output: { email: c.draft.trim().toLowerCase(), verified: false } }, lost('saveEmail')];
    }
    if (!s.matches('ready') || kind === 'stranger') return [];
    return [...[FRESH[kind], INVALID, TAKEN].filter((value) => value !== c.draft).map((value) => ({ type: 'EMAIL.CHANGE', value })), { type: 'SAVE' }];
  };
}

/** The address the server holds for the case's account, and whether it is verified. */
async function held(world: World, operatorId: string | null) {
  const row = await world.app.db
    .selectFrom('users')
    .select(['id', 'email', 'email_verified_at'])
    .where(operatorId === null ? 'username' : 'id', '=', operatorId ?? PATHS_OWNER.username)
    .executeTakeFirstOrThrow();
  return { id: row.id, email: row.email, verified: Boolean(row.email && row.email_verified_at) };
}

/** An address as the sign-up's rule takes it: one @, a dot in the domain, no spaces inside. */
const looksValid = (value: string) => /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value.trim());

export const staffEmailPaths: PathModel = {
  machine: staffEmailMachine,
  budget: 36,
  calls: staffEmailCalls,
  abstraction: (s) => ({ value: s.value, draft: context(s).draft, error: context(s).error?.key ?? null, sentTo: context(s).sentTo, saved: context(s).saved }),
  required: [
    { name: 'the address not loaded, then Try again, then shown', case: 'an owner sets their own address', through: [(e) => e.type === 'xstate.error.actor.loadEmail', (e) => e.type === 'RETRY', (e) => e.type === 'xstate.done.actor.loadEmail'] },
    { name: 'an address taken, then another saved', case: 'an owner sets an operator’s address', through: [(e) => e.type === 'xstate.error.actor.saveEmail' && (e as { sent?: boolean }).sent === true, (e) => e.type === 'xstate.done.actor.saveEmail'] },
  ],
  cases: [
    { name: 'an owner sets their own address', input: { operatorId: null }, setup: async (w, i) => (await owner(w), i), events: events('own') },
    { name: 'an owner sets an operator’s address', input: { operatorId: TARGET_ID }, setup: async (w, i) => (await owner(w), i), events: events('operator') },
    { name: 'a session that is not an admin', input: { operatorId: null }, events: events('stranger') },
  ],
  oracle: {
    initial: (s, world) => {
      expect(s.value).toBe('loading');
      expect(world.held.map((h) => [h.name, h.input])).toEqual([['loadEmail', { operatorId: context(s).operatorId }]]);
    },
    step: async ({ before, event, after, started, asked, world }) => {
      const operatorId = context(before).operatorId;
      if (event.type === 'xstate.done.actor.loadEmail') {
        // What the form starts from is what the server holds: none yet, in every case's setup.
        const { email, verified } = await held(world, operatorId);
        expect(context(after).saved).toEqual({ email, verified });
        expect(context(after).draft).toBe(context(before).draft || (email ?? ''));
      }
      if (event.type === 'SAVE') {
        const draft = context(before).draft;
        if (looksValid(draft)) {
          expect(started.map((h) => [h.name, h.input])).toEqual([['saveEmail', { operatorId, email: draft.trim() }]]);
        } else {
          // Nothing leaves; the field says why, and the door moves focus to it.
          expect(started).toEqual([]);
          expect(context(after).error?.key).toBe(draft.trim() === '' ? 'validation.required' : 'validation.email.invalid');
          expect(asked.map((e) => e.params)).toEqual([{ type: 'focusError', form: 'staff-email-form' }]);
        }
      }
      if (event.type === 'xstate.done.actor.saveEmail') {
        const address = context(before).draft.trim().toLowerCase();
        const url = operatorId === null ? '/api/admin/account/email' : `/api/admin/operators/${operatorId}/email`;
        expect(lastCall(world, 'PUT', url)?.status).toBe(200);
        // Kept unverified, with a link to verify it queued to it; the form says it is on its way, never that it was sent.
        const row = await held(world, operatorId);
        expect([row.email, row.verified]).toEqual([address, false]);
        const queued = await world.app.db.selectFrom('emails').select('kind').where('recipient', '=', address).where('kind', '=', 'verifyEmail').execute();
        expect(queued.length).toBeGreaterThan(0);
        expect(context(after).saved).toEqual({ email: address, verified: false });
        expect(context(after).sentTo).toBe(address);
        const saved = { type: 'toast', toast: { title: 'operators:toast.emailSaved.title', description: 'operators:toast.emailSaved.description' } };
        // An operator's address changed: the operators' list on the page is read again.
        expect(asked.map((e) => e.params)).toEqual(operatorId === null ? [saved] : [saved, { type: 'handOff', flow: 'operators', event: { type: 'RELOAD' } }]);
      }
      if (event.type === 'xstate.error.actor.saveEmail') {
        if ((event as { sent?: boolean }).sent) {
          // Refused at the field, in the page's words; what the server held is unchanged.
          const url = operatorId === null ? '/api/admin/account/email' : `/api/admin/operators/${operatorId}/email`;
          expect(lastCall(world, 'PUT', url)?.status).toBe(409);
          expect(context(after).error).toEqual({ key: 'errors:email_taken' });
          expect(asked.map((e) => e.params)).toEqual([{ type: 'focusError', form: 'staff-email-form' }]);
          expect((await held(world, operatorId)).email).toEqual(context(before).saved?.email);
          expect(after.value).toBe('ready');
        } else {
          // Lost: said, and the address read again, with what was typed kept.
          expect(asked.map((e) => e.params)).toEqual([{ type: 'toast', toast: { title: 'operators:toast.failed.title', description: 'operators:toast.failed.description', variant: 'destructive' } }]);
          expect([after.value, context(after).draft]).toEqual(['loading', context(before).draft]);
          expect(started.map((h) => [h.name, h.input])).toEqual([['loadEmail', { operatorId }]]);
        }
      }
      if (event.type === 'xstate.error.actor.loadEmail' && !(event as { sent?: boolean }).sent) {
        expect(asked.map((e) => e.params)).toEqual([
          { type: 'toast', toast: { title: 'operators:toast.emailLoadFailed.title', description: 'operators:toast.emailLoadFailed.description', variant: 'destructive' } },
        ]);
      }
      if (event.type === 'EMAIL.CHANGE') {
        expect(started).toEqual([]);
        expect([context(after).draft, context(after).error, context(after).sentTo]).toEqual([event.value, null, null]);
      }
    },
    states: {
      // The gate hears that the server no longer answers this session as an admin, and shows its sign-in again.
      expired: (s, world) => {
        expect(s.output).toEqual({ expired: true });
        expect(world.effects.at(-1)?.params).toEqual({ type: 'handOff', flow: 'adminGate', event: { type: 'EXPIRED' } });
      },
    },
  },
};
