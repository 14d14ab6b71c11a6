import { expect } from 'vitest';
import type { AnyEventObject } from 'xstate';
import { auditLogCalls } from '../../client/api/actors/admin';
import { auditLogMachine, type AuditLogContext } from '../../machines/auditLog.machine';
import { lastCall, lastHeld, type PathModel, type Snap, type World } from './model';
import { PATHS_OWNER, resetOperator, signIn } from './operators';

// The owners' audit log tab (issue 44) against the real route: the newest page, a filter applied, a second page,
// filters cleared; a session that is not an owner's ends the tab. The log holds at least 120 views by one operator,
// written once (it cannot be rewritten), so every path sees a second page.

const AUDITOR = 'paths-auditor';
const context = (s: Snap) => s.context as AuditLogContext;
const lost = (id: string): AnyEventObject => ({ type: `xstate.error.actor.${id}`, error: 'network' });
const PAGE = { entries: [], total: 120, page: 1, pageSize: 50 };

async function owner(world: World): Promise<void> {
  const views = await world.app.db.selectFrom('audit_log').select((eb) => eb.fn.countAll<number>().as('n')).where('actor', '=', AUDITOR).executeTakeFirstOrThrow();
  for (let i = Number(views.n); i < 120; i += 1) await world.app.audit.record({ id: 'paths-auditor-id', username: AUDITOR, client: '10.0.0.1' }, 'lead.view', `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`);
  await resetOperator(world.app, PATHS_OWNER);
  await signIn(world, PATHS_OWNER);
}

function events(owner: boolean) {
  return (s: Snap): AnyEventObject[] => {
    const c = context(s);
    if (s.matches('loading')) return owner ? [{ type: 'xstate.done.actor.fetchAudit', output: PAGE }, lost('fetchAudit')] : [{ type: 'xstate.error.actor.fetchAudit', error: { status: 401 }, sent: true }];
    if (s.matches('failed')) return [{ type: 'RETRY' }];
    if (!s.matches('ready')) return [];
    const moves: AnyEventObject[] = [];
    if (!c.filters.actor) moves.push({ type: 'FILTER.CHANGE', field: 'actor', value: AUDITOR }, { type: 'FILTER.CHANGE', field: 'action', value: 'lead.view' });
    moves.push({ type: 'APPLY' }, { type: 'CLEAR' });
    moves.push(c.page === 1 ? { type: 'PAGE', page: 2 } : { type: 'PAGE', page: 1 }, { type: 'PAGE', page: 9 });
    return moves;
  };
}

const sent = (world: World) => lastCall(world, 'GET', '/api/admin/audit');

export const auditLogPaths: PathModel = {
  machine: auditLogMachine,
  budget: 31,
  // What a person does after a failure, whatever the transition cover picks (issue 46 item 2).
  required: [
    {
      name: 'the log not loaded, then Try again, then shown',
      through: [(e) => e.type === 'xstate.error.actor.fetchAudit', (e) => e.type === 'RETRY', (e) => e.type === 'xstate.done.actor.fetchAudit'],
    },
  ],
  calls: auditLogCalls,
  abstraction: (s) => ({ value: s.value, filters: context(s).filters, applied: context(s).applied, page: context(s).page }),
  cases: [
    { name: 'an owner reads the log', input: undefined, setup: async (w, i) => (await owner(w), i), events: events(true) },
    { name: 'a session that is not an owner', input: undefined, events: events(false) },
  ],
  oracle: {
    initial: (s, world) => {
      expect(s.value).toBe('loading');
      expect(world.held.map((h) => [h.name, h.input])).toEqual([['fetchAudit', {}]]);
    },
    step: ({ before, event, after, started, asked }) => {
      // What is asked: only the filters given when APPLY was pressed, and the page unless it is the first.
      if (event.type === 'APPLY') {
        const f = context(before).filters;
        expect(started.map((h) => h.input)).toEqual([{ ...(f.action ? { action: f.action } : {}), ...(f.actor ? { actor: f.actor } : {}) }]);
      }
      if (event.type === 'CLEAR') expect(started.map((h) => h.input)).toEqual([{}]);
      if (event.type === 'PAGE') {
        const moves = event.page !== context(before).page && event.page <= 3;
        expect(started.length).toBe(moves ? 1 : 0);
        if (moves) expect(started[0]?.input.page ?? 1).toBe(event.page);
      }
      if (event.type === 'FILTER.CHANGE') expect(started).toEqual([]);
      if (event.type === 'xstate.error.actor.fetchAudit' && (event as { sent?: boolean }).sent) expect(after.status).toBe('done');
      // A log that did not load says so (a session that is no longer an owner goes back to the gate instead).
      if (event.type === 'xstate.error.actor.fetchAudit') {
        expect(asked.map((e) => e.params)).toEqual(
          after.status === 'done'
            ? [{ type: 'handOff', flow: 'adminGate', event: { type: 'EXPIRED' } }]
            : [{ type: 'toast', toast: { title: 'operators:toast.auditFailed.title', description: 'operators:toast.auditFailed.description', variant: 'destructive' } }],
        );
      }
    },
    states: {
      ready: (s, world) => {
        // The page shown is the server's answer to what was asked.
        const answer = sent(world);
        expect(answer?.status).toBe(200);
        const body = answer?.response as { entries: Array<{ actor: string; action: string }>; total: number };
        expect(context(s).data).toEqual(body);
        expect(body.total).toBeGreaterThanOrEqual(120);
        const applied = context(s).applied;
        if (applied.actor) expect(body.entries.every((e) => e.actor === applied.actor)).toBe(true);
        if (applied.action) expect(body.entries.every((e) => e.action === applied.action)).toBe(true);
        expect(lastHeld(world, 'fetchAudit')?.verdict).toBe('sent');
      },
      // The gate hears that the server no longer answers this session as an admin, and shows its sign-in again.
      expired: (s, world) => {
        expect(s.output).toEqual({ expired: true });
        expect(world.effects.at(-1)?.params).toEqual({ type: 'handOff', flow: 'adminGate', event: { type: 'EXPIRED' } });
      },
    },
  },
};
