import { expect } from 'vitest';
import type { AnyEventObject } from 'xstate';
import { formResumeCalls } from '../../client/api/actors/formResume';
import { formResumeMachine } from '../../machines/formResume.machine';
import { injectTransport } from '../helpers/transport';
import { effectsOf, lastCall, lastHeld, type PathCase, type PathModel, type Snap, type World } from './model';

// Resume on any device (issue 11) against the real routes: a code issued for this browser's lead, and the code
// with the lead's e-mail bringing an application another browser saved back to this one.

const EMAIL = 'maria.resume@example.com';

/** A code as the form keeps it, in the oracle's words: upper case, letters and digits only ('abcd-2345' is ABCD2345). */
const storedCode = (typed: string) => typed.toUpperCase().replace(/[^A-Z0-9]/g, '');

/** A DS-160 lead with this e-mail, made by the given browser. */
async function lead(http: World['http'], email = EMAIL): Promise<string> {
  const res = await http({ method: 'POST', path: '/api/leads/immediate', body: { email, firstName: 'Maria', formType: 'DS-160' } });
  const leadId = (JSON.parse(res.text) as { leadId: string }).leadId;
  await http({ method: 'PATCH', path: `/api/leads/${leadId}/update`, body: { formData: { 'personal-info': { firstName: 'Maria', lastName: 'Lopez' } } } });
  return leadId;
}

/** Another browser saved an application and got its code; this path's browser has only the code. */
async function savedElsewhere(world: World): Promise<string> {
  const other = injectTransport(world.app);
  const leadId = await lead(other);
  const res = await other({ method: 'POST', path: `/api/leads/${leadId}/resume-code`, body: {} });
  return (JSON.parse(res.text) as { code: string }).code;
}

function outcomes(s: Snap, refused: boolean): AnyEventObject[] {
  if (s.matches('issuing')) {
    return refused
      ? [{ type: 'xstate.error.actor.issueResumeCode', error: 'server' }]
      : [{ type: 'xstate.done.actor.issueResumeCode', output: { code: 'ABCD-2345', link: '/ds160-wizard?resume=ABCD-2345', expiresAt: '' } }, { type: 'xstate.error.actor.issueResumeCode', error: 'network' }];
  }
  if (s.matches('checking')) {
    return refused
      ? [{ type: 'xstate.error.actor.resumeApplication', error: 'server' }]
      : [{ type: 'xstate.done.actor.resumeApplication', output: { leadId: 'lead', formType: 'DS-160', formData: {} } }, { type: 'xstate.error.actor.resumeApplication', error: 'network' }];
  }
  return [];
}

/** The code and the e-mail typed (a wrong one first, to see it refused before anything is sent), then sent. */
function entering(email: string, refused = false) {
  return (s: Snap): AnyEventObject[] => {
    if (s.hasTag('busy')) return outcomes(s, refused);
    if (s.context.email === '') return [{ type: 'SUBMIT' }, { type: 'FIELD.CHANGE', field: 'email', value: email }];
    return [{ type: 'SUBMIT' }, { type: 'FIELD.CHANGE', field: 'code', value: 'O0I1' }];
  };
}

const cases: PathCase[] = [
  {
    name: "this browser's lead, saved for later",
    input: { leadId: 'lead' },
    setup: async (world, input) => ({ ...input, leadId: await lead(world.http, 'maria.later@example.com') }),
    events: (s) => (s.hasTag('busy') ? outcomes(s, false) : s.matches('issued') ? [{ type: 'CLOSE' }, { type: 'SAVE_LATER' }] : [{ type: 'SAVE_LATER' }]),
  },
  {
    name: "another browser's lead",
    input: { leadId: 'lead' },
    setup: async (world, input) => ({ ...input, leadId: await lead(injectTransport(world.app), 'maria.other@example.com') }),
    events: (s) => (s.hasTag('busy') ? outcomes(s, true) : [{ type: 'SAVE_LATER' }]),
  },
  { name: 'no lead yet', input: {}, events: () => [{ type: 'SAVE_LATER' }] },
  {
    name: 'the code of an application saved elsewhere, with its e-mail',
    input: { code: 'ABCD-2345' },
    setup: async (world, input) => ({ ...input, code: (await savedElsewhere(world)).toLowerCase() }),
    events: entering(' Maria.Resume@example.com '),
  },
  {
    name: 'the code with another e-mail',
    input: { code: 'ABCD-2345' },
    setup: async (world, input) => ({ ...input, code: await savedElsewhere(world) }),
    events: (s) => (s.hasTag('busy') ? outcomes(s, true) : s.context.email === '' ? [{ type: 'FIELD.CHANGE', field: 'email', value: 'someone@example.com' }] : [{ type: 'SUBMIT' }]),
  },
  {
    // Five guesses this minute already: the sixth is refused whatever it is.
    name: 'a browser that has guessed too often',
    input: { code: 'ABCD-2345' },
    setup: async (world, input) => {
      for (let i = 0; i < 5; i += 1) await world.http({ method: 'POST', path: '/api/leads/resume', body: { code: 'ABCD-2345', email: `guess${i}@example.com` } });
      return input;
    },
    events: (s) => (s.hasTag('busy') ? outcomes(s, true) : s.context.email === '' ? [{ type: 'FIELD.CHANGE', field: 'email', value: EMAIL }] : [{ type: 'SUBMIT' }]),
  },
];

export const formResumePaths: PathModel = {
  machine: formResumeMachine,
  budget: 30,
  calls: formResumeCalls,
  cases,
  required: [
    // The code and e-mail of an application saved elsewhere bring it back: what the restore oracle was written for.
    { name: 'the right code and e-mail, sent', case: 'the code of an application saved elsewhere, with its e-mail', through: [(e) => e.type === 'xstate.done.actor.resumeApplication'] },
    { name: 'a code issued, closed, then issued again', case: "this browser's lead, saved for later", through: [(e) => e.type === 'xstate.done.actor.issueResumeCode', (e) => e.type === 'CLOSE', (e) => e.type === 'xstate.done.actor.issueResumeCode'] },
    { name: 'too many guesses refused', case: 'a browser that has guessed too often', through: [(e) => e.type === 'xstate.error.actor.resumeApplication'] },
    { name: 'another e-mail refused', case: 'the code with another e-mail', through: [(e) => e.type === 'xstate.error.actor.resumeApplication'] },
    // A code that could not be issued, asked for again: the failure goes once the code is shown.
    { name: 'a lost code request, then Save again', case: "this browser's lead, saved for later", through: [(e) => e.type === 'xstate.error.actor.issueResumeCode', (e) => e.type === 'xstate.done.actor.issueResumeCode'] },
    // A check that got no answer, then the e-mail typed again: the failure goes with the typing.
    { name: 'a lost check, then the e-mail typed again', case: 'the code of an application saved elsewhere, with its e-mail', through: [(e) => e.type === 'xstate.error.actor.resumeApplication', (e) => e.type === 'FIELD.CHANGE'] },
  ],
  oracle: {
    initial: (s, world) => {
      expect(s.value).toBe('idle');
      expect(s.context).toEqual({ leadId: world.input.leadId ?? null, code: world.input.code ? storedCode(world.input.code) : '', email: '', errors: {}, issued: null, failure: null, wait: null });
    },
    step: async ({ event, before, after, world, started, asked }) => {
      // Nothing is sent with a code or an e-mail the page can tell is wrong; each gets its message.
      if (event.type === 'SUBMIT' && before.matches('idle')) {
        const valid = /^[A-HJ-NP-Z2-9]{8}$/.test(storedCode(before.context.code)) && /@/.test(before.context.email);
        expect(started.map((h) => h.name)).toEqual(valid ? ['resumeApplication'] : []);
        if (!valid) {
          // Each field that is wrong says so, and only those; an old failure is not shown beside the new messages.
          const codeOk = /^[A-HJ-NP-Z2-9]{8}$/.test(storedCode(before.context.code));
          expect(Object.keys(after.context.errors).sort()).toEqual([...(codeOk ? [] : ['code']), ...(/@/.test(before.context.email) ? [] : ['email'])]);
          if (!codeOk) expect(after.context.errors.code).toEqual({ key: 'ds160form:resume.codeInvalid' });
          expect(after.context.failure).toBeNull();
        }
      }
      // Typing in a field takes its value, clears its own message and the last failure, and leaves the other's message.
      if (event.type === 'FIELD.CHANGE' && before.matches('idle')) {
        const field = event.field as 'code' | 'email';
        const { [field]: _gone, ...others } = before.context.errors;
        expect(after.context[field]).toBe(event.value);
        expect(after.context.errors).toEqual(others);
        expect(after.context.failure).toBeNull();
      }
      // Closed, the code leaves the screen.
      if (event.type === 'CLOSE' && before.matches('issued')) {
        expect(after.value).toBe('idle');
        expect(after.context.issued).toBeNull();
      }
      // Where each step leads, as the oracle knows it: a code issued is shown, anything else comes back to the form.
      const lands: Record<string, unknown> = {
        'xstate.done.actor.issueResumeCode': 'issued',
        'xstate.error.actor.issueResumeCode': 'idle',
        'xstate.done.actor.resumeApplication': 'idle',
        'xstate.error.actor.resumeApplication': 'idle',
      };
      if (lands[event.type]) expect(after.value).toBe(lands[event.type]);
      if (event.type === 'SAVE_LATER' && !before.hasTag('busy')) expect(after.value).toBe(before.context.leadId ? 'issuing' : before.value);
      if (event.type === 'SUBMIT' && before.matches('idle')) expect(after.value).toBe(started.length ? 'checking' : 'idle');
      if (event.type === 'SAVE_LATER') expect(started.map((h) => h.name)).toEqual(before.context.leadId && !before.hasTag('busy') ? ['issueResumeCode'] : []);
      // Why a try failed, never which of the two was wrong.
      if (event.type === 'xstate.error.actor.resumeApplication') {
        const answer = lastCall(world, 'POST', '/api/leads/resume');
        const refused = (event as { error?: unknown }).error === 'server';
        expect(after.context.failure).toBe(!refused ? 'failed' : answer?.status === 429 ? 'tooMany' : 'wrong');
        if (refused) expect([404, 429]).toContain(answer?.status);
      }
      if (event.type === 'xstate.error.actor.issueResumeCode') {
        expect(after.context.failure).toBe('issueFailed');
        if ((event as { error?: unknown }).error === 'server') expect(lastCall(world, 'POST', '/api/leads/')?.status).toBe(403);
      }
      // The application comes back to the form as the server gave it, and this browser may now change it.
      if (event.type === 'xstate.done.actor.resumeApplication') {
        const answer = lastCall(world, 'POST', '/api/leads/resume');
        expect(answer?.status).toBe(200);
        // Handed to the ten-section form on the page, which replaces its answers with the server's.
        const application = answer?.response as { leadId: string; formData: unknown };
        expect(asked.map((e) => e.params)).toEqual([{ type: 'handOff', flow: 'ds160Form', event: { type: 'RESTORE', leadId: application.leadId, values: application.formData } }]);
        const { leadId } = answer?.response as { leadId: string };
        expect((await world.http({ method: 'GET', path: `/api/leads/${leadId}` })).status).toBe(200);
        expect(after.context).toMatchObject({ code: '', email: '', failure: null });
      } else {
        expect(asked).toEqual([]);
      }
    },
    states: {
      issuing: (s, world) => expect(lastHeld(world, 'issueResumeCode')?.input).toEqual({ leadId: world.input.leadId }),
      issued: async (s, world) => {
        expect(s.context.failure).toBeNull();
        const answer = lastCall(world, 'POST', '/api/leads/');
        expect(answer?.status).toBe(201);
        expect(s.context.issued).toEqual(answer?.response);
        expect(s.context.issued.link).toBe(`/ds160-wizard?resume=${s.context.issued.code}`);
        const rows = await world.app.db.selectFrom('resume_codes').select('lead_id').where('lead_id', '=', world.input.leadId).execute();
        expect(rows).toHaveLength(1);
      },
      checking: (s, world) => expect(lastHeld(world, 'resumeApplication')?.input).toEqual({ code: storedCode(world.input.code), email: s.context.email.trim() }),
    },
  },
};
