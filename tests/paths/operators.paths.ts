import { expect } from 'vitest';
import type { AnyEventObject } from 'xstate';
import { operatorsCalls } from '../../client/api/actors/admin';
import { operatorsMachine, type OperatorsContext } from '../../machines/operators.machine';
import { lastCall, lastHeld, type PathModel, type Snap, type World } from './model';
import { PATHS_OWNER, resetOperator, signIn } from './operators';

// The owners' operators tab (issue 44) against the real routes, signed in as the owner: the list, an invitation
// made (and a username already taken), a role changed, an operator disabled and enabled, a new invitation. Each
// change is followed by the list as the server holds it; a session that ended ends the tab.

const TARGET = { username: 'paths-target', password: 'paths target password', role: 'viewer' as const, totp: false };
const TARGET_ID = '00000000-0000-4000-8000-00000000a710';
const NEW = 'paths-new-op';

const context = (s: Snap) => s.context as OperatorsContext;
const lost = (id: string): AnyEventObject => ({ type: `xstate.error.actor.${id}`, error: 'network' });
const LIST = { operators: [{ id: TARGET_ID, username: TARGET.username, role: 'viewer', status: 'active', totp: false, createdAt: 'x', invitationExpiresAt: null }] };

type Kind = 'create' | 'taken' | 'change' | 'stranger';

async function owner(world: World): Promise<void> {
  await resetOperator(world.app, PATHS_OWNER);
  await resetOperator(world.app, TARGET, TARGET_ID);
  await world.app.db.deleteFrom('users').where('username', '=', NEW).execute();
  await signIn(world, PATHS_OWNER);
}

function events(kind: Kind) {
  return (s: Snap): AnyEventObject[] => {
    const c = context(s);
    if (s.matches('loading')) return kind === 'stranger' ? [{ type: 'xstate.error.actor.listOperators', error: { status: 401 }, sent: true }] : [{ type: 'xstate.done.actor.listOperators', output: LIST }, lost('listOperators')];
    if (s.matches('failed')) return [{ type: 'RETRY' }];
    if (s.matches('creating')) {
      return [
        kind === 'taken'
          ? { type: 'xstate.error.actor.createOperator', error: { status: 409, code: 'username_taken' }, sent: true }
          : { type: 'xstate.done.actor.createOperator', output: { operator: { ...LIST.operators[0], username: NEW }, invitation: { path: '/teamomora?invite=x', expiresAt: 'x' } } },
        lost('createOperator'),
      ];
    }
    if (s.matches('changing')) return [{ type: 'xstate.done.actor.changeOperator', output: LIST.operators[0] }, lost('changeOperator')];
    if (s.matches('reinviting')) return [{ type: 'xstate.done.actor.reinviteOperator', output: { path: '/teamomora?invite=y', expiresAt: 'y' } }, lost('reinviteOperator')];
    if (!s.matches('ready')) return [];
    if (kind === 'create' || kind === 'taken') {
      // One invitation a path: once it is made, the path stops (a second would find the username taken).
      if (c.invitation) return [];
      const fill = !c.form.username
        ? [{ type: 'FIELD.CHANGE', field: 'username', value: kind === 'taken' ? TARGET.username : NEW }, { type: 'FIELD.CHANGE', field: 'username', value: 'x' }]
        : !c.form.role
          ? [{ type: 'FIELD.CHANGE', field: 'role', value: 'operator' }]
          : [];
      return [...fill, { type: 'CREATE' }];
    }
    const moves: AnyEventObject[] = [{ type: 'ROLE.CHANGE', id: TARGET_ID, role: 'operator' }, { type: 'DISABLE', id: TARGET_ID }, { type: 'ENABLE', id: TARGET_ID }, { type: 'REINVITE', id: TARGET_ID }];
    if (c.invitation) moves.push({ type: 'INVITATION.DISMISS' });
    // An owner opens an operator's e-mail form (the staffEmail flow's), closes it; that flow asks for the list again.
    moves.push(c.emailOf ? { type: 'EMAIL.CLOSE' } : { type: 'EMAIL.OPEN', id: TARGET_ID }, { type: 'EMAIL.OPEN', id: '00000000-0000-4000-8000-0000000000ff' }, { type: 'RELOAD' });
    return moves;
  };
}

const target = (world: World) => world.app.db.selectFrom('users').selectAll().where('id', '=', TARGET_ID).executeTakeFirstOrThrow();

/** The toast after a change the server made, in the operators namespace (the tab's own words for each). */
const saved = (what: 'created' | 'changed' | 'reinvited') => ({ type: 'toast', toast: { title: `operators:toast.${what}.title`, description: `operators:toast.${what}.description` } });

export const operatorsPaths: PathModel = {
  machine: operatorsMachine,
  budget: 40,
  calls: operatorsCalls,
  abstraction: (s) => ({ value: s.value, form: context(s).form, errors: Object.keys(context(s).errors), invitation: context(s).invitation?.path ?? null, pending: context(s).pending, emailOf: context(s).emailOf }),
  cases: [
    { name: 'an owner invites an operator', input: undefined, setup: async (w, i) => (await owner(w), i), events: events('create') },
    { name: 'an owner tries a username already taken', input: undefined, setup: async (w, i) => (await owner(w), i), events: events('taken') },
    { name: 'an owner changes an operator', input: undefined, setup: async (w, i) => (await owner(w), i), events: events('change') },
    { name: 'a session that is not an owner', input: undefined, events: events('stranger') },
  ],
  required: [
    { name: 'an invitation made, then the list again', through: [(e) => e.type === 'xstate.done.actor.createOperator', (e) => e.type === 'xstate.done.actor.listOperators'] },
    { name: 'a new invitation, then dismissed', case: 'an owner changes an operator', through: [(e) => e.type === 'xstate.done.actor.reinviteOperator', (e) => e.type === 'INVITATION.DISMISS'] },
  ],
  oracle: {
    initial: (s, world) => {
      expect(s.value).toBe('loading');
      expect(world.held.map((h) => h.name)).toEqual(['listOperators']);
    },
    step: async ({ before, event, after, started, asked, world }) => {
      if (event.type === 'CREATE') {
        const f = context(before).form;
        const valid = /^[A-Za-z0-9._@-]{3,64}$/.test(f.username.trim()) && f.role !== '';
        expect(started.map((h) => [h.name, h.input])).toEqual(valid ? [['createOperator', { username: f.username.trim(), role: f.role }]] : []);
        if (!valid) expect(after.value).toBe('ready');
      }
      if (event.type === 'xstate.done.actor.createOperator') {
        const answer = lastCall(world, 'POST', '/api/admin/operators');
        expect(answer?.status).toBe(201);
        const made = await world.app.db.selectFrom('users').selectAll().where('username', '=', NEW).executeTakeFirstOrThrow();
        expect([made.role, made.admin_role, made.password_hash]).toEqual(['admin', 'operator', null]);
        expect(context(after).invitation?.path).toBe((answer?.response as { invitation: { path: string } }).invitation.path);
        expect(asked.map((e) => e.params)).toEqual([saved('created')]);
      }
      if (event.type === 'xstate.error.actor.createOperator' && lastHeld(world, 'createOperator')?.verdict === 'sent') {
        expect(lastCall(world, 'POST', '/api/admin/operators')?.status).toBe(409);
        expect(context(after).errors.username).toEqual({ key: 'errors:username_taken' });
      }
      for (const [type, change] of [
        ['ROLE.CHANGE', { role: 'operator' }],
        ['DISABLE', { disabled: true }],
        ['ENABLE', { disabled: false }],
      ] as const) {
        if (event.type === type) expect(started.map((h) => [h.name, h.input])).toEqual([['changeOperator', { id: TARGET_ID, change }]]);
      }
      if (event.type === 'xstate.done.actor.changeOperator') {
        const change = lastHeld(world, 'changeOperator')?.input.change as { role?: string; disabled?: boolean };
        const row = await target(world);
        if (change.role) expect(row.admin_role).toBe(change.role);
        if (change.disabled !== undefined) expect(Boolean(row.disabled_at)).toBe(change.disabled);
        expect(after.value).toBe('loading');
        expect(asked.map((e) => e.params)).toEqual([saved('changed')]);
      }
      if (event.type === 'xstate.done.actor.reinviteOperator') {
        expect(asked.map((e) => e.params)).toEqual([saved('reinvited')]);
        expect((await target(world)).password_hash).toBeNull();
        expect(context(after).invitation).toMatchObject({ username: TARGET.username });
      }
      // Only a listed operator's e-mail form opens; opening or closing it asks the server nothing.
      if (event.type === 'EMAIL.OPEN') {
        const listed = context(before).operators?.some((o) => o.id === event.id) ?? false;
        expect(context(after).emailOf).toBe(listed ? event.id : context(before).emailOf);
        expect(started).toEqual([]);
      }
      if (event.type === 'EMAIL.CLOSE') expect([context(after).emailOf, started]).toEqual([null, []]);
      if (event.type === 'RELOAD') expect(started.map((h) => h.name)).toEqual(['listOperators']);
      if (event.type === 'xstate.error.actor.listOperators' && (event as { sent?: boolean }).sent) expect(after.status).toBe('done');
    },
    states: {
      ready: async (s, world) => {
        // What the tab lists is what the server holds.
        const list = JSON.parse((await world.http({ method: 'GET', path: '/api/admin/operators' })).text) as { operators: unknown[] };
        expect(context(s).operators).toEqual(list.operators);
      },
      // The gate hears that the server no longer answers this session as an admin, and shows its sign-in again.
      expired: (s, world) => {
        expect(s.output).toEqual({ expired: true });
        expect(world.effects.at(-1)?.params).toEqual({ type: 'handOff', flow: 'adminGate', event: { type: 'EXPIRED' } });
      },
    },
  },
};
