import { expect } from 'vitest';
import type { AnyEventObject } from 'xstate';
import { mailLinkCalls } from '../../client/api/actors/mailLink';
import { mailLinkMachine, type MailLinkContext, type MailLinkField, type MailLinkInput } from '../../machines/mailLink.machine';
import type { EmailLinkPurpose } from '../../db/schema';
import { estaCatalog } from '../../machines/domain/catalogs/index';
import { answersFor } from '../helpers/answers';
import { injectTransport } from '../helpers/transport';
import { effectsOf, lastCall, lastHeld, type PathCase, type PathModel, type Snap, type World } from './model';

// The pages of e-mailed links (issue 43) against the real routes: each case issues the link it needs as the
// outbox would (a reset for an account, a sign-in link for an address), so every path meets a real token.

const MEMBER = 'path.reset@example.com';
const GUEST = 'path.signin@example.com';
const PASSWORD = 'the old passphrase';
const NEW_PASSWORD = 'a brand new passphrase';

/*
 * The oracle's own statement of the two forms' rules (spec §5, issue 43), not the machine's validators: the address
 * is required and must look like one; a new password is required and 10 to 200 characters, its confirmation
 * required and identical. The forms are found by these ids (the page's focus target).
 */
const FORMS = { request: 'link-request-form', password: 'new-password-form' } as const;
const err = (key: string, params?: Record<string, unknown>) => (params ? { key, params } : { key });

/** The address errors the request form must show, by what was typed (the values this model types). */
function addressErrors(typed: string): Record<string, unknown> {
  const email = typed.trim();
  if (email === '') return { email: err('validation.required') };
  if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email)) return { email: err('validation.email.invalid') };
  return {};
}

/** The new-password form's errors: a password 10 to 200 characters, its confirmation typed and the same. */
function newPasswordErrors(password: string, confirm: string): Record<string, unknown> {
  const errors: Record<string, unknown> = {};
  const length = [...password].length; // characters, as the server's schema counts them
  if (password === '') errors.password = err('validation.required');
  else if (length < 10) errors.password = err('validation.password.short', { min: 10 });
  else if (length > 200) errors.password = err('validation.password.long', { max: 200 });
  if (confirm === '') errors.confirmPassword = err('validation.required');
  else if (password !== '' && confirm !== password) errors.confirmPassword = err('validation.password.mismatch');
  return errors;
}

const context = (s: Snap) => s.context as MailLinkContext;
const change = (field: MailLinkField, value: string): AnyEventObject => ({ type: 'FIELD.CHANGE', field, value });

async function clearCounters(world: World): Promise<void> {
  await world.app.db.deleteFrom('attempt_counters').execute();
}

async function withAccount(world: World, email: string): Promise<string> {
  await world.app.db.deleteFrom('users').where('email', '=', email).execute();
  await clearCounters(world);
  const res = await injectTransport(world.app)({ method: 'POST', path: '/api/auth/signup', body: { email, password: PASSWORD } });
  expect(res.status).toBe(201);
  return (JSON.parse(res.text) as { id: string }).id;
}

/** A link as the outbox issues it, and its token as the message carries it; `spoil` makes it expired or used. */
async function issued(world: World, link: { purpose: EmailLinkPurpose; email: string; userId?: string; leadId?: string; groupId?: string }, spoil?: 'expired' | 'used'): Promise<string> {
  const links = world.app.outbox.links;
  const row = await links.issue(world.app.db, link);
  const past = new Date(Date.now() - 1000).toISOString();
  if (spoil === 'expired') await world.app.db.updateTable('email_links').set({ expires_at: past }).where('id', '=', row.id).execute();
  if (spoil === 'used') await world.app.db.updateTable('email_links').set({ used_at: past }).where('id', '=', row.id).execute();
  return links.tokenOf(row.id);
}

const ACCOUNT = { id: 'model', email: 'model', role: 'user' };
const lost = (id: string): AnyEventObject => ({ type: `xstate.error.actor.${id}`, error: 'network' });
const refusedFor = (id: string, problem: string): AnyEventObject => ({ type: `xstate.error.actor.${id}`, error: { code: `link_${problem}` }, sent: true });

/** The outcomes of the call running in this state, as this case's server answers it, and a lost connection. */
function outcomes(s: Snap, server: Server): AnyEventObject[] {
  if (s.matches({ asking: 'requesting' })) return [{ type: 'xstate.done.actor.requestLink', output: { message: 'model' } }, lost('requestLink')];
  if (s.matches('checking')) return [{ type: 'xstate.done.actor.checkReset', output: server.check }, lost('checkReset')];
  if (s.matches({ choosing: 'saving' }))
    return [server.problem ? refusedFor('confirmReset', server.problem) : { type: 'xstate.done.actor.confirmReset', output: { email: MEMBER, staff: server.staff ? STAFF_SIGN_IN : null } }, lost('confirmReset')];
  if (s.matches({ choosing: 'signingIn' })) return [{ type: 'xstate.done.actor.userLogin', output: ACCOUNT }, lost('userLogin')];
  if (s.matches('signingIn')) return [server.problem ? refusedFor('useSignInLink', server.problem) : { type: 'xstate.done.actor.useSignInLink', output: ACCOUNT }, lost('useSignInLink')];
  if (s.matches('opening'))
    return [server.problem ? refusedFor('openInvitation', server.problem) : { type: 'xstate.done.actor.openInvitation', output: { to: 'model', leadId: 'model', groupId: 'model' } }, lost('openInvitation')];
  return [];
}

/** What this case's server answers about its link. */
interface Server {
  check?: { valid: boolean; problem: string | null };
  problem?: string;
  endsBroken?: boolean;
  /** The link is a staff account's: the server signs the operator in for the admin area, not as an applicant. */
  staff?: boolean;
}

const STAFF_SIGN_IN = { username: 'owner', step: 'done', admin: null };

function moves(email: string, server: Server) {
  return (s: Snap): AnyEventObject[] => {
    if (s.hasTag('busy')) return outcomes(s, server);
    const f = context(s).fields;
    if (s.matches('asking')) {
      // An address as people paste it, with spaces around: what is sent is trimmed.
      return [...(!f.email ? [change('email', ` ${email} `), change('email', 'not-an-email')] : []), { type: 'REQUEST' }];
    }
    if (s.matches('choosing')) {
      // A refused password is typed again: a short one, then the right one.
      const fill = f.password !== NEW_PASSWORD
        ? [change('password', NEW_PASSWORD), ...(f.password ? [] : [change('password', 'short')])]
        : f.confirmPassword !== NEW_PASSWORD
          ? [change('confirmPassword', NEW_PASSWORD), ...(f.confirmPassword ? [] : [change('confirmPassword', `${NEW_PASSWORD}!`)])]
          : [];
      return [...fill, { type: 'SAVE' }];
    }
    if (s.matches('unanswered')) return [{ type: 'RETRY' }];
    // Asking again after a broken link is walked once (the expired case); the others end there.
    if (s.matches('broken') && server.endsBroken) return [];
    return [{ type: 'ANOTHER' }];
  };
}

const linkCase = (name: string, input: MailLinkInput, server: Server, email: string, setup?: (world: World) => Promise<string | null>): PathCase => ({
  name,
  input,
  setup: async (world, given) => {
    await clearCounters(world);
    return setup ? { ...given, token: await setup(world) } : given;
  },
  events: moves(email, server),
});

const resetLink = (spoil?: 'expired' | 'used') => async (world: World) => issued(world, { purpose: 'reset', email: MEMBER, userId: await withAccount(world, MEMBER) }, spoil);
const signInLink = (spoil?: 'expired' | 'used') => async (world: World) => {
  await withAccount(world, GUEST);
  return issued(world, { purpose: 'signin', email: GUEST }, spoil);
};

/** The group a leader made in another browser (the leader and one traveller), and the traveller's invitation. */
const invitations = new WeakMap<World, { leader: string; traveller: string }>();
async function invitation(world: World): Promise<string> {
  const leader = injectTransport(world.app);
  const post = async (path: string, body?: object) => {
    const res = await leader({ method: 'POST', path, ...(body ? { body } : {}) });
    expect(res.status, res.text).toBe(201);
    return JSON.parse(res.text) as Record<string, string>;
  };
  const lead = await post('/api/leads', { email: 'path.leader@example.com', formType: 'ESTA', source: 'esta-wizard', formData: answersFor(estaCatalog, { email: 'path.leader@example.com' }), completionStatus: 'completed' });
  const group = await post(`/api/leads/${lead.id}/group`);
  const added = await post(`/api/groups/${group.id}/travellers`, { firstName: 'Luis', lastName: 'Garcia', relationship: 'spouse', nationality: 'Spain' });
  invitations.set(world, { leader: lead.id as string, traveller: added.leadId as string });
  return issued(world, { purpose: 'invite', email: 'path.luis@example.com', leadId: added.leadId as string, groupId: group.id as string });
}

const TOKEN = 'model-token';

/** What happens elsewhere between a link's check and its new password (another tab uses it), by token. */
const meanwhile = new Map<string, () => Promise<unknown>>();
const usedInAnotherTab = async (world: World) => {
  const token = await resetLink()(world);
  meanwhile.set(token, () => world.app.db.updateTable('email_links').set({ used_at: new Date().toISOString() }).where('token_hash', '=', world.app.outbox.links.hashOf(token)).execute());
  return token;
};

export const mailLinkPaths: PathModel = {
  machine: mailLinkMachine,
  budget: 80,
  calls: (http) => {
    const real = mailLinkCalls(http);
    return { ...real, confirmReset: async (body: { token: string; password: string }) => (await meanwhile.get(body.token)?.(), real.confirmReset(body)) };
  },
  abstraction: (s) => ({ value: s.value, fields: context(s).fields, errors: Object.keys(context(s).errors).sort(), problem: context(s).problem }),
  required: [
    {
      name: 'a new password refused as too short, then saved: signed in with it',
      case: 'a reset link that works',
      through: [(e, before) => e.type === 'SAVE' && context(before).fields.password === 'short', (e) => e.type === 'xstate.done.actor.userLogin'],
    },
    {
      // The oracle's rule for SAVE (newPasswordErrors) says the mismatch, and that nothing is sent.
      name: 'a new password saved with a confirmation that differs, then with the same: signed in with it',
      case: 'a reset link that works',
      through: [
        (e, before) => e.type === 'SAVE' && context(before).fields.password === NEW_PASSWORD && context(before).fields.confirmPassword === `${NEW_PASSWORD}!`,
        (e, before) => e.type === 'SAVE' && context(before).fields.confirmPassword === NEW_PASSWORD,
        (e) => e.type === 'xstate.done.actor.userLogin',
      ],
    },
    {
      name: 'a reset link checked while the connection is lost, then again',
      case: 'a reset link that works',
      through: [(e) => e.type === 'xstate.error.actor.checkReset', (e) => e.type === 'RETRY', (e) => e.type === 'xstate.done.actor.checkReset'],
    },
  ],
  cases: [
    linkCase('asking for a reset link', { purpose: 'reset', token: null }, {}, MEMBER, async (world) => {
      await withAccount(world, MEMBER);
      return null;
    }),
    linkCase('asking for a sign-in link', { purpose: 'signIn', token: null }, {}, 'nobody.at.all@example.com'),
    linkCase('a reset link that works', { purpose: 'reset', token: TOKEN }, { check: { valid: true, problem: null } }, MEMBER, resetLink()),
    // A staff account's link: its new password signs the operator in for the admin area, never as an applicant.
    linkCase('a reset link for a staff account', { purpose: 'reset', token: TOKEN }, { check: { valid: true, problem: null }, staff: true }, MEMBER, async (world) => {
      const staff = await world.app.db.selectFrom('users').select(['id', 'email']).where('role', '!=', 'user').executeTakeFirstOrThrow();
      return issued(world, { purpose: 'reset', email: staff.email ?? 'staff@example.com', userId: staff.id });
    }),
    // Checked as working, then used in another tab before this one saves: the save is refused, the page says so.
    linkCase('a reset link used in another tab meanwhile', { purpose: 'reset', token: TOKEN }, { check: { valid: true, problem: null }, problem: 'used', endsBroken: true }, MEMBER, usedInAnotherTab),
    linkCase('an expired reset link', { purpose: 'reset', token: TOKEN }, { check: { valid: false, problem: 'expired' } }, MEMBER, resetLink('expired')),
    linkCase('a sign-in link that works', { purpose: 'signIn', token: TOKEN }, {}, GUEST, signInLink()),
    linkCase('a sign-in link used already', { purpose: 'signIn', token: TOKEN }, { problem: 'used', endsBroken: true }, GUEST, signInLink('used')),
    linkCase('an invitation that works', { purpose: 'invitation', token: TOKEN }, {}, GUEST, invitation),
    linkCase('an invitation nobody sent', { purpose: 'invitation', token: 'A'.repeat(43) }, { problem: 'unknown' }, GUEST),
    linkCase('an invitation page without its link', { purpose: 'invitation', token: null }, {}, GUEST),
  ],
  oracle: {
    step: ({ before, event, after, world, started, asked }) => {
      const f = context(before).fields;
      if (event.type === 'REQUEST' && before.matches({ asking: 'editing' })) {
        const errors = addressErrors(f.email);
        const valid = Object.keys(errors).length === 0;
        expect(started.map((h) => [h.name, h.input])).toEqual(valid ? [['requestLink', { purpose: context(before).purpose, email: f.email.trim() }]] : []);
        expect(context(after).errors).toEqual(errors);
        expect(asked.map((a) => a.params)).toEqual(valid ? [] : [{ type: 'focusError', form: FORMS.request }]);
      } else if (event.type === 'SAVE' && before.matches({ choosing: 'editing' })) {
        const errors = newPasswordErrors(f.password, f.confirmPassword);
        const valid = Object.keys(errors).length === 0;
        expect(started.map((h) => [h.name, h.input])).toEqual(valid ? [['confirmReset', { token: context(before).token, password: f.password }]] : []);
        expect(context(after).errors).toEqual(errors);
        expect(asked.map((a) => a.params)).toEqual(valid ? [] : [{ type: 'focusError', form: FORMS.password }]);
      }
      if (event.type === 'xstate.done.actor.requestLink') {
        // The same words for an address with an account and one without.
        const answer = lastCall(world, 'POST', '/api/auth/');
        expect(answer?.status).toBe(202);
        expect(after.matches('requested')).toBe(true);
      }
      if (event.type === 'xstate.done.actor.confirmReset') {
        // An applicant's new password signs them in at once; an operator's answer already carries their admin sign-in,
        // so nothing signs them in as an applicant and the admin area opens.
        const staff = (event as unknown as { output: { staff: unknown } }).output.staff !== null;
        expect(started.map((h) => [h.name, h.input])).toEqual(staff ? [] : [['userLogin', { email: MEMBER, password: f.password }]]);
        expect(after.matches('toAdmin')).toBe(staff);
      }
      if (/^xstate\.error\.actor\./.test(event.type) && (event as { sent?: boolean }).sent) {
        const answer = [...world.calls].reverse()[0];
        expect(answer?.status).toBe(event.error && (event.error as { code: string }).code === 'link_unknown' ? 404 : 410);
        expect(context(after).problem).toBe((event.error as { code: string }).code.replace('link_', ''));
      }
      if (event.type === 'ANOTHER' && before.matches('broken')) expect(after.matches('asking')).toBe(context(before).purpose !== 'invitation');
      if ((event.type === 'xstate.error.actor.requestLink' || event.type === 'xstate.error.actor.confirmReset') && !(event as { sent?: boolean }).sent) {
        expect(lastHeld(world, event.type.replace('xstate.error.actor.', ''))?.verdict).toBe('dropped');
        expect(asked.map((a) => a.params.toast?.title)).toEqual(['maillink:toast.failed.title']);
      }
    },
    states: {
      done: async (s, world) => {
        // The app's session is told who it is, the dashboard opens, and the server agrees.
        const me = JSON.parse((await world.http({ method: 'GET', path: '/api/auth/me' })).text) as { user: { email: string } | null };
        expect(me.user?.email).toBe(context(s).purpose === 'reset' ? MEMBER : GUEST);
        expect(effectsOf(world, 'signedIn').map((e) => e.params.account.email)).toEqual([me.user?.email]);
        expect(effectsOf(world, 'navigate').map((e) => e.params.to)).toEqual(['/dashboard']);
      },
      toSignIn: async (_s, world) => {
        // The password changed even though signing in with it was lost: the person signs in with it.
        const other = injectTransport(world.app);
        const login = await other({ method: 'POST', path: '/api/auth/user-login', body: { email: MEMBER, password: NEW_PASSWORD } });
        expect(login.status).toBe(200);
        expect(effectsOf(world, 'navigate').map((e) => e.params.to)).toEqual(['/login']);
      },
      opened: async (_s, world) => {
        // The traveller's own form opens, and this browser may read that traveller's application and not the leader's.
        const { leader, traveller } = invitations.get(world) as { leader: string; traveller: string };
        expect(effectsOf(world, 'navigate').map((e) => [e.params.to, e.params.replace])).toEqual([[`/apply/esta-wizard?traveller=${traveller}`, true]]);
        expect((await world.http({ method: 'GET', path: `/api/leads/${traveller}` })).status).toBe(200);
        expect((await world.http({ method: 'GET', path: `/api/leads/${leader}` })).status).toBe(403);
      },
      toAdmin: (_s, world) => {
        expect(effectsOf(world, 'navigate').map((e) => e.params.to)).toEqual(['/teamomora']);
        expect(effectsOf(world, 'signedIn')).toEqual([]);
      },
      broken: (s) => expect(context(s).problem).not.toBeNull(),
      requested: (_s, world) => expect(effectsOf(world, 'signedIn')).toEqual([]),
    },
  },
};
