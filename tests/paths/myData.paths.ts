import { expect } from 'vitest';
import type { AnyEventObject } from 'xstate';
import { myDataCalls } from '../../client/api/actors/myData';
import { myDataMachine } from '../../machines/myData.machine';
import { effectsOf, lastCall, lastHeld, type PathModel, type Snap, type World } from './model';

// "Your data" on the dashboard (issue 44) against the real rights routes: downloads, erasing an application that
// is not this session's (refused), and erasing everything (the session's applications are gone).

/** No application has this id: erasing it is refused with the server's words. */
const UNKNOWN_LEAD = '00000000-0000-4000-8000-000000000044';
/** The path's own application, given a known id so the events can name it (paths run one at a time). */
const OWN_LEAD = '00000000-0000-4000-8000-000000000045';

async function anApplication(world: World): Promise<void> {
  const res = await world.http({
    method: 'POST',
    path: '/api/leads',
    body: { name: 'Lucía Pérez', email: `mydata.${Math.random().toString(36).slice(2, 10)}@example.com`, formType: 'ESTA', source: 'esta-wizard', formData: {}, completionStatus: 'incomplete' },
  });
  expect(res.status).toBe(201);
  // A second application of the same session under the known id (copied: rows made with the first refer to its id).
  const made = await world.app.db.selectFrom('leads').selectAll().where('id', '=', (JSON.parse(res.text) as { id: string }).id).executeTakeFirstOrThrow();
  await world.app.db.deleteFrom('leads').where('id', '=', OWN_LEAD).execute();
  await world.app.db.insertInto('leads').values({ ...made, id: OWN_LEAD, capture_key: null }).execute();
}

function events(s: Snap): AnyEventObject[] {
  if (s.matches('downloading')) return [{ type: 'xstate.done.actor.downloadMyData', output: null }, { type: 'xstate.error.actor.downloadMyData', error: 'network' }];
  if (s.matches('erasing')) {
    const refused = s.context.target?.kind === 'application' && s.context.target.leadId === UNKNOWN_LEAD;
    return [
      refused ? { type: 'xstate.error.actor.erase', error: { status: 404 }, sent: true } : { type: 'xstate.done.actor.erase', output: null },
      { type: 'xstate.error.actor.erase', error: 'network' },
    ];
  }
  if (s.matches('confirming')) return [{ type: 'CONFIRM' }, { type: 'CANCEL' }];
  if (s.matches('idle')) return [{ type: 'DOWNLOAD', format: 'json' }, { type: 'DOWNLOAD', format: 'pdf' }, { type: 'DELETE_APPLICATION', leadId: UNKNOWN_LEAD }, { type: 'DELETE_APPLICATION', leadId: OWN_LEAD }, { type: 'DELETE_ALL' }];
  return [];
}

export const myDataPaths: PathModel = {
  machine: myDataMachine,
  budget: 24,
  calls: myDataCalls,
  abstraction: (s) => ({ value: s.value, target: s.context.target, failed: s.context.error !== null }),
  cases: [{ name: 'a session with an application', input: undefined, setup: async (w, i) => (await anApplication(w), i), events }],
  oracle: {
    initial: (s) => {
      expect(s.value).toBe('idle');
      expect(s.context).toEqual({ target: null, error: null, erased: null });
    },
    step: ({ before, event, after, asked, world }) => {
      expect(after.hasTag('busy')).toBe(after.matches('downloading') || after.matches('erasing'));
      // A file is saved exactly when a download came back whole.
      const saved = before.matches('downloading') && event.type.startsWith('xstate.done.actor') && after.context.error === null;
      expect(asked.filter((a) => a.type === 'download').length).toBe(saved ? 1 : 0);
      if (saved) {
        const file = asked.find((a) => a.type === 'download')!.params.file as { fileName: string; bytes: Uint8Array };
        const format = lastHeld(world, 'downloadMyData')?.input.format;
        expect(file.fileName).toMatch(format === 'pdf' ? /^my-data-\d{4}-\d{2}-\d{2}\.pdf$/ : /^my-data-\d{4}-\d{2}-\d{2}\.json$/);
        if (format === 'pdf') expect(new TextDecoder().decode(file.bytes.slice(0, 5))).toBe('%PDF-');
        else expect(JSON.parse(new TextDecoder().decode(file.bytes)).applications).toHaveLength(2);
      }
      // Nothing is erased without the applicant's yes.
      if (after.matches('erasing')) expect(before.matches('confirming') && event.type === 'CONFIRM').toBe(true);
    },
    states: {
      confirming: (s) => expect(s.context.target).not.toBeNull(),
      left: async (s, world) => {
        expect(effectsOf(world, 'signOut')).toHaveLength(1);
        expect(effectsOf(world, 'navigate').at(-1)?.params).toEqual({ type: 'navigate', to: '/', replace: true });
        expect(lastCall(world, 'DELETE', '/api/me')?.status).toBe(200);
        expect(s.context.erased).toMatchObject({ deleted: 2, anonymised: 0 });
        const after = await world.http({ method: 'GET', path: '/api/me/data' });
        expect(JSON.parse(after.text).applications).toEqual([]);
      },
      idle: async (s, world) => {
        const last = world.events.at(-1);
        if (last?.type === 'xstate.error.actor.erase' && last.sent) {
          // An erasure refused by the server leaves the page with its words and the application where it was.
          expect(lastCall(world, 'DELETE', `/api/me/applications/${UNKNOWN_LEAD}`)?.status).toBe(404);
          expect(s.context.error).not.toBe('failed');
        }
        if (last?.type === 'xstate.done.actor.erase') {
          expect(effectsOf(world, 'erasedOne')).toHaveLength(1);
          expect(await world.app.db.selectFrom('leads').select('id').where('id', '=', OWN_LEAD).executeTakeFirst()).toBeUndefined();
        }
      },
    },
  },
};
