import { expect } from 'vitest';
import type { AnyEventObject } from 'xstate';
import { dashboardCalls } from '../../client/api/actors/dashboard';
import { dashboardMachine, type DashboardContext } from '../../machines/dashboard.machine';
import { ds160Catalog } from '../../machines/domain/catalogs';
import { answersFor } from '../helpers/answers';
import { effectsOf, lastCall, lastHeld, type PathModel, type Snap, type World } from './model';

// /dashboard (spec 1-core §2.8) against the real applications and leads routes. The applicant's two
// applications have fixed ids, so the model's View and Continue name the same ones the server lists.

const IN_PROGRESS = '00000000-0000-4000-8000-00000000da01';
const SUBMITTED = '00000000-0000-4000-8000-00000000da02';
/** A ten-section DS-160 form begun: it opens by its address, and it can take more travellers (issue 36). */
const FORM = '00000000-0000-4000-8000-00000000da03';
/** The submitted application's Premium order, paid, and an earlier declined attempt at it. */
const PAID = '00000000-0000-4000-8000-00000000de01';
const DECLINED = '00000000-0000-4000-8000-00000000de02';
/**
 * The ESTA application leads a group with the submitted one (issue 36); the group was paid for together once, a
 * card was declined before that, and another session paid for the same group: the dashboard lists the applicant's
 * two payments only, and the group's card the one that went through.
 */
const GROUP = '00000000-0000-4000-8000-00000000d901';
const GROUP_PAID = '00000000-0000-4000-8000-00000000df01';
const GROUP_DECLINED = '00000000-0000-4000-8000-00000000df02';
const GROUP_ELSEWHERE = '00000000-0000-4000-8000-00000000df03';
const GROUP_PAID_AT = '2026-11-20T10:00:04.000Z';

/** The first three answers of the ESTA wizard: an application stopped early. */
const EARLY_ESTA = { email: 'maria.lopez@example.com', 'first-name': 'Maria', 'last-name': 'Lopez' };
/** Where the ESTA wizard resumes after them: the birth date (the other names between are optional, not owed). */
const EARLY_ESTA_NEXT = 'birth-date';

async function applicantWithTwoApplications(world: World): Promise<void> {
  await world.app.db.deleteFrom('orders').where('id', 'in', [PAID, DECLINED, GROUP_PAID, GROUP_DECLINED, GROUP_ELSEWHERE]).execute();
  await world.app.db.deleteFrom('traveller_groups').where('id', '=', GROUP).execute();
  await world.app.db.deleteFrom('leads').where('id', 'in', [IN_PROGRESS, SUBMITTED, FORM]).execute();
  const email = `dash.${Math.random().toString(36).slice(2, 10)}@example.com`;
  await world.http({ method: 'POST', path: '/api/auth/signup', body: { email, password: 'a long passphrase' } });
  const me = JSON.parse((await world.http({ method: 'GET', path: '/api/auth/me' })).text) as { user: { id: string } };
  const at = new Date().toISOString();
  const lead = { name: 'Maria Lopez', email, phone: '', nationality: 'Spain', travel_purpose: 'Tourism/Vacation', payment_status: 'pending' as const, subscription_plan: 'none' as const, owner_token: 'another-browser', user_id: me.user.id, capture_key: null, created_at: at, updated_at: at };
  await world.app.db
    .insertInto('leads')
    .values([
      { ...lead, id: IN_PROGRESS, form_type: 'ESTA', source: 'esta-wizard', form_data: JSON.stringify(EARLY_ESTA), completion_status: 'incomplete' },
      { ...lead, id: SUBMITTED, form_type: 'DS-160', source: 'apply-wizard', form_data: JSON.stringify(answersFor(ds160Catalog)), completion_status: 'completed', payment_status: 'paid' as const },
      {
        ...lead,
        id: FORM,
        form_type: 'DS-160',
        source: 'ds160-wizard',
        form_data: JSON.stringify({ 'personal-info': { firstName: 'Maria', lastName: 'Lopez' } }),
        completion_status: 'incomplete',
        updated_at: new Date(Date.parse(at) - 120_000).toISOString(),
      },
    ])
    .execute();
  const order = {
    owner_token: 'another-browser',
    user_id: me.user.id,
    lead_id: SUBMITTED,
    service: 'DS-160' as const,
    plan: 'premium' as const,
    service_fee_cents: 15_000,
    credit_cents: 0,
    processing_fee_cents: 299,
    total_cents: 15_299,
    government_fee_cents: 18_500,
    receipt_email: email,
    updated_at: at,
  };
  const earlier = new Date(Date.parse(at) - 60_000).toISOString();
  await world.app.db
    .insertInto('orders')
    .values([
      { ...order, id: PAID, number: 'RB-DASH-PAID0001', status: 'paid', card_brand: 'visa', card_last4: '4242', gateway_ref: 'test_ch_dash', failure: null, access_code: `PREMIUM-${String(Date.now()).slice(-8)}-DB`, settled_by: 'checkout', created_at: at, paid_at: at },
      { ...order, id: DECLINED, number: 'RB-DASH-FAIL0001', status: 'failed', card_brand: 'visa', card_last4: '0002', gateway_ref: 'test_ch_dash2', failure: 'Your card was declined.', access_code: null, settled_by: 'checkout', created_at: earlier, paid_at: null },
    ])
    .execute();
  await world.app.db.insertInto('traveller_groups').values({ id: GROUP, leader_lead_id: IN_PROGRESS, purpose: 'tourism', created_at: at, updated_at: at }).execute();
  const member = { group_id: GROUP, prefilled: '{}', guardian: null, created_at: at };
  await world.app.db
    .insertInto('group_members')
    .values([
      { ...member, lead_id: IN_PROGRESS, relationship: 'leader', position: 0 },
      { ...member, lead_id: SUBMITTED, relationship: 'spouse', position: 1 },
    ])
    .execute();
  const payment = { ...order, lead_id: null, service: 'ESTA' as const, plan: 'group' as const, service_fee_cents: 30_000, processing_fee_cents: 299, total_cents: 30_299, government_fee_cents: 4_200, group_id: GROUP, parent_order_id: null, card_brand: 'visa', access_code: null, settled_by: 'checkout' as const };
  await world.app.db
    .insertInto('orders')
    .values([
      { ...payment, id: GROUP_PAID, number: 'RB-DASH-GROUP001', status: 'paid', card_last4: '4242', gateway_ref: 'test_ch_dashg1', failure: null, created_at: '2026-11-20T10:00:00.000Z', paid_at: GROUP_PAID_AT },
      { ...payment, id: GROUP_DECLINED, number: 'RB-DASH-GROUP002', status: 'failed', card_last4: '0002', gateway_ref: 'test_ch_dashg2', failure: 'Your card was declined.', created_at: '2026-11-19T10:00:00.000Z', paid_at: null },
      // Another browser, another account: never this applicant's to see, whatever group it paid for.
      { ...payment, id: GROUP_ELSEWHERE, number: 'RB-DASH-GROUP003', status: 'paid', owner_token: 'a-stranger', user_id: null, receipt_email: 'stranger@example.com', card_last4: '4242', gateway_ref: 'test_ch_dashg3', failure: null, created_at: '2026-11-21T10:00:00.000Z', paid_at: '2026-11-21T10:00:04.000Z' },
    ])
    .execute();
}

const MODEL_DATA = {
  applications: [
    { id: IN_PROGRESS, status: 'in-progress', wizard: 'esta', group: { id: GROUP, relationship: 'leader' } },
    { id: SUBMITTED, status: 'submitted', paymentStatus: 'paid', wizard: 'ds160', group: { id: GROUP, relationship: 'spouse' } },
    { id: FORM, status: 'in-progress', wizard: 'form', group: null },
  ],
  orders: [
    { id: PAID, status: 'paid', formReady: true },
    { id: DECLINED, status: 'failed', formReady: true },
  ],
  groupPayments: [
    { id: GROUP_PAID, groupId: GROUP, status: 'paid' },
    { id: GROUP_DECLINED, groupId: GROUP, status: 'failed' },
  ],
};

const context = (s: Snap) => s.context as DashboardContext;

function events(signedIn: boolean) {
  return (s: Snap): AnyEventObject[] => {
    // What the app's session says, as the door tells it: still asking, or its answer (for nobody, possibly a stale
    // 'signed in' the server then refuses).
    if (s.matches('waiting')) {
      return [
        { type: 'SESSION', signedIn: false, checking: true },
        ...(signedIn ? [] : [{ type: 'SESSION', signedIn: false, checking: false }]),
        { type: 'SESSION', signedIn: true, checking: false },
      ];
    }
    if (s.matches('loading')) {
      return [
        signedIn ? { type: 'xstate.done.actor.fetchDashboard', output: MODEL_DATA } : { type: 'xstate.error.actor.fetchDashboard', error: { status: 401 }, sent: true },
        { type: 'xstate.error.actor.fetchDashboard', error: 'network' },
      ];
    }
    if (s.matches({ ready: { viewing: 'loading' } })) {
      return [{ type: 'xstate.done.actor.fetchLead', output: {} }, { type: 'xstate.error.actor.fetchLead', error: 'network' }, { type: 'CLOSE' }];
    }
    if (s.matches({ ready: { viewing: 'failed' } })) return [{ type: 'RETRY' }, { type: 'CLOSE' }];
    // While an application opens or a PDF is made, a click on New, Continue or Logout changes nothing.
    const meanwhile: AnyEventObject[] = [{ type: 'NEW' }, { type: 'CONTINUE', id: IN_PROGRESS }, { type: 'ADD_TRAVELLER', id: IN_PROGRESS }, { type: 'LOGOUT' }];
    if (s.matches({ ready: 'continuing' })) {
      return [{ type: 'xstate.done.actor.fetchAnswers', output: EARLY_ESTA }, { type: 'xstate.error.actor.fetchAnswers', error: 'network' }, ...meanwhile];
    }
    if (s.matches('failed')) return [{ type: 'RETRY' }, { type: 'LOGOUT' }];
    for (const kind of ['receipt', 'form'] as const) {
      const actor = kind === 'receipt' ? 'downloadReceipt' : 'downloadForm';
      if (s.matches({ ready: kind })) return [{ type: `xstate.done.actor.${actor}`, output: null }, { type: `xstate.error.actor.${actor}`, error: 'network' }, ...meanwhile];
    }
    if (s.matches({ ready: 'list' })) {
      return [
        ...[IN_PROGRESS, SUBMITTED, FORM, 'not-listed'].flatMap((id) => [{ type: 'VIEW', id }, { type: 'CONTINUE', id }, { type: 'ADD_TRAVELLER', id }]),
        // A paid order prints both; a declined one neither (the page shows no buttons for it).
        ...[PAID, DECLINED].flatMap((orderId) => [{ type: 'DOWNLOAD.RECEIPT', orderId }, { type: 'DOWNLOAD.FORM', orderId }]),
        { type: 'PROFILE' },
        { type: 'SETTINGS' },
        { type: 'NEW' },
        { type: 'LOGOUT' },
      ];
    }
    if (s.matches('ready')) return [{ type: 'CLOSE' }, { type: 'CONTINUE', id: IN_PROGRESS }];
    return [];
  };
}

export const dashboardPaths: PathModel = {
  machine: dashboardMachine,
  // New, Continue and Logout refused while busy add a path each (issue 35); the ten-section form and 'Add a
  // traveller' (issue 36) a dozen more.
  budget: 80,
  calls: dashboardCalls,
  abstraction: (s) => ({ value: s.value, viewing: context(s).viewing, continuing: context(s).continuing, downloading: context(s).downloading }),
  // View each application (their answers differ), not only the first that reaches a transition.
  payloadKind: (before, event) => `${JSON.stringify(event)} ${context(before).viewing ?? ''}`,
  // Each application the dashboard opens by its address, whatever the transition cover picks.
  required: [
    { name: 'a list that failed, then Retry', case: 'an applicant with an application in progress and a submitted one', through: [(event) => event.type === 'xstate.error.actor.fetchDashboard', (event) => event.type === 'RETRY', (event) => event.type === 'xstate.done.actor.fetchDashboard'] },
    { name: 'Profile, then Close', case: 'an applicant with an application in progress and a submitted one', through: [(event) => event.type === 'PROFILE', (event) => event.type === 'CLOSE'] },
    { name: 'Settings, then Close', case: 'an applicant with an application in progress and a submitted one', through: [(event) => event.type === 'SETTINGS', (event) => event.type === 'CLOSE'] },
    { name: 'View that failed, then Retry, then Close', case: 'an applicant with an application in progress and a submitted one', through: [(event) => event.type === 'xstate.error.actor.fetchLead', (event) => event.type === 'RETRY', (event) => event.type === 'xstate.done.actor.fetchLead', (event) => event.type === 'CLOSE'] },
    { name: 'Continue that failed, then Continue again', case: 'an applicant with an application in progress and a submitted one', through: [(event) => event.type === 'xstate.error.actor.fetchAnswers', (event) => event.type === 'CONTINUE' && event.id === IN_PROGRESS, (event) => event.type === 'xstate.done.actor.fetchAnswers'] },
    { name: 'the receipt, then the form', case: 'an applicant with an application in progress and a submitted one', through: [(event) => event.type === 'xstate.done.actor.downloadReceipt', (event) => event.type === 'DOWNLOAD.FORM', (event) => event.type === 'xstate.done.actor.downloadForm'] },
    // A submitted DS-160 question-wizard application paid for neither continues nor takes travellers; the form does both.
    { name: 'Continue refused for the submitted one, then the form', case: 'an applicant with an application in progress and a submitted one', through: [(event) => event.type === 'CONTINUE' && event.id === SUBMITTED, (event) => event.type === 'CONTINUE' && event.id === FORM] },
    { name: 'Add a traveller refused for the submitted one, then the form', case: 'an applicant with an application in progress and a submitted one', through: [(event) => event.type === 'ADD_TRAVELLER' && event.id === SUBMITTED, (event) => event.type === 'ADD_TRAVELLER' && event.id === FORM] },
    { name: 'Continue the ten-section form', case: 'an applicant with an application in progress and a submitted one', through: [(event) => event.type === 'CONTINUE' && event.id === FORM] },
    { name: 'Add a traveller to the ESTA application', case: 'an applicant with an application in progress and a submitted one', through: [(event) => event.type === 'ADD_TRAVELLER' && event.id === IN_PROGRESS] },
    { name: 'Add a traveller to the ten-section form', case: 'an applicant with an application in progress and a submitted one', through: [(event) => event.type === 'ADD_TRAVELLER' && event.id === FORM] },
  ],
  cases: [
    { name: 'nobody signed in', input: undefined, events: events(false) },
    { name: 'an applicant with an application in progress and a submitted one', input: undefined, setup: async (w, i) => (await applicantWithTwoApplications(w), i), events: events(true) },
  ],
  oracle: {
    initial: (s, world) => {
      // Nothing is asked of the server before the session says someone is signed in.
      expect(s.value).toBe('waiting');
      expect(world.held).toEqual([]);
      expect(s.hasTag('busy')).toBe(true);
    },
    step: ({ before, event, after, world, started }) => {
      const busy = (s: Snap) => s.matches('loading') || s.matches({ ready: 'continuing' }) || s.matches({ ready: 'receipt' }) || s.matches({ ready: 'form' });
      // Waiting for the session, and every way out, wait too (nothing moves while the page goes).
      const waits = (s: Snap) => busy(s) || s.matches('waiting') || s.status === 'done';
      // Where each click leads, by the oracle's own rules: the page's lists, panels and the pages it opens.
      const was = (v: unknown) => before.matches(v);
      const id = (event as { id?: string }).id;
      const idle = was({ ready: 'list' });
      const leads: Record<string, unknown> = {};
      if (was('waiting')) {
        const { signedIn, checking } = event as { signedIn?: boolean; checking?: boolean };
        leads.SESSION = signedIn ? 'loading' : checking ? 'waiting' : 'toLogin';
      } else if (event.type === 'SESSION') leads.SESSION = before.value;
      if (idle) {
        leads.VIEW = [IN_PROGRESS, SUBMITTED, FORM].includes(id as string) ? { ready: { viewing: 'loading' } } : before.value;
        leads.CONTINUE = id === IN_PROGRESS ? { ready: 'continuing' } : id === FORM ? 'opened' : before.value;
        leads.ADD_TRAVELLER = id === IN_PROGRESS || id === FORM ? 'opened' : before.value;
        leads.PROFILE = { ready: 'profile' };
        leads.SETTINGS = { ready: 'settings' };
        leads.NEW = 'starting';
        leads['DOWNLOAD.RECEIPT'] = (event as { orderId?: string }).orderId === PAID ? { ready: 'receipt' } : before.value;
        leads['DOWNLOAD.FORM'] = (event as { orderId?: string }).orderId === PAID ? { ready: 'form' } : before.value;
      }
      if (was({ ready: 'profile' }) || was({ ready: 'settings' }) || was({ ready: 'viewing' })) leads.CLOSE = { ready: 'list' };
      if (was('failed')) leads.RETRY = 'loading';
      if (was({ ready: { viewing: 'failed' } })) leads.RETRY = { ready: { viewing: 'loading' } };
      if (!busy(before) && !was('loading') && !was('waiting') && event.type === 'LOGOUT') leads.LOGOUT = 'leaving';
      if (was({ ready: 'continuing' })) leads['xstate.error.actor.fetchAnswers'] = { ready: 'list' };
      for (const kind of ['Receipt', 'Form']) {
        leads[`xstate.done.actor.download${kind}`] = { ready: 'list' };
        leads[`xstate.error.actor.download${kind}`] = { ready: 'list' };
      }
      if (event.type in leads) expect(after.value, `where ${event.type} leads`).toEqual(leads[event.type]);
      // Buttons wait (busy) exactly while the list or the answers to continue with load, or a PDF is made.
      expect(after.hasTag('busy')).toBe(waits(after));
      // Meanwhile New, Continue and Logout are refused: nothing moves, nothing more is asked of the server.
      if (busy(before) && ['NEW', 'CONTINUE', 'ADD_TRAVELLER', 'LOGOUT'].includes(event.type)) {
        expect(after.value).toEqual(before.value);
        expect(started).toEqual([]);
      }
      // Continue loads the answers of that application only, only for one that can be continued, once.
      const continues = event.type === 'CONTINUE' && event.id === IN_PROGRESS && before.matches('ready') && !busy(before);
      expect(started.filter((h) => h.name === 'fetchAnswers').map((h) => h.input)).toEqual(continues ? [{ leadId: IN_PROGRESS }] : []);
      const toasts = effectsOf(world, 'toast').map((e) => e.params.toast);
      expect(toasts.filter((t) => t.title === 'account:toast.continueFailed.title')).toEqual(
        world.events.filter((e) => e.type === 'xstate.error.actor.fetchAnswers').map(() => ({ title: 'account:toast.continueFailed.title', description: 'account:toast.continueFailed.description', variant: 'destructive' })),
      );
      // Logout hands the sign-out to the app's session (which says 'Logged Out'), and only Logout does.
      expect(effectsOf(world, 'signOut')).toHaveLength(after.matches('leaving') ? 1 : 0);
      // The page is left once, and only by a way out.
      expect(effectsOf(world, 'navigate')).toHaveLength(after.status === 'done' ? 1 : 0);
      // A PDF is asked for only for a paid order (the form only once its application's form is complete), once.
      const printing = started.filter((h) => h.name === 'downloadReceipt' || h.name === 'downloadForm');
      const asks = event.type === 'DOWNLOAD.RECEIPT' || event.type === 'DOWNLOAD.FORM';
      const listed = asks && before.matches({ ready: 'list' }) && event.orderId === PAID;
      expect(printing.map((h) => [h.name, h.input.order.id])).toEqual(listed ? [[event.type === 'DOWNLOAD.RECEIPT' ? 'downloadReceipt' : 'downloadForm', PAID]] : []);
      // A PDF made is handed to the browser; one that failed says so, naming the confirmation number.
      for (const [actor, kind] of [['downloadReceipt', 'receiptFailed'], ['downloadForm', 'formFailed']] as const) {
        expect(toasts.filter((t) => t.title === `commerce:toast.${kind}.title`)).toEqual(
          world.events
            .filter((e) => e.type === `xstate.error.actor.${actor}`)
            .map(() => ({ title: `commerce:toast.${kind}.title`, description: `commerce:toast.${kind}.description`, params: { number: 'RB-DASH-PAID0001' }, variant: 'destructive' })),
        );
      }
      expect(effectsOf(world, 'download')).toHaveLength(world.events.filter((e) => /^xstate\.done\.actor\.download/.test(e.type)).length);
      if (event.type === 'xstate.done.actor.downloadReceipt' || event.type === 'xstate.done.actor.downloadForm') {
        const file = effectsOf(world, 'download').at(-1)?.params.file as { fileName: string; bytes: Uint8Array };
        const kind = event.type === 'xstate.done.actor.downloadReceipt' ? 'confirmation' : 'form';
        expect(file.fileName).toBe(`ds160-${kind}-RB-DASH-PAID0001.pdf`);
        expect(Buffer.from(file.bytes).subarray(0, 5).toString()).toBe('%PDF-');
      }
    },
    states: {
      ready: (s, world) => {
        const answer = lastCall(world, 'GET', '/api/applications');
        expect(answer?.status).toBe(200);
        expect(context(s).applications).toEqual(answer?.response);
        expect(context(s).applications.map((a) => [a.id, a.status, a.wizard, a.group?.relationship ?? null])).toEqual([
          [IN_PROGRESS, 'in-progress', 'esta', 'leader'],
          [SUBMITTED, 'submitted', 'ds160', 'spouse'],
          [FORM, 'in-progress', 'form', null],
        ]);
        // Every order of the account, newest first, as the server has it: the Premium code with the paid one only.
        const orders = lastCall(world, 'GET', '/api/orders');
        expect(orders?.status).toBe(200);
        expect(context(s).orders).toEqual(orders?.response);
        expect(context(s).orders.map((o) => [o.id, o.status, o.accessCode !== null, o.formReady])).toEqual([
          [PAID, 'paid', true, true],
          [DECLINED, 'failed', false, true],
        ]);
        // The group payments this account made, newest first, as the server has them; another session's never.
        const payments = lastCall(world, 'GET', '/api/group-payments');
        expect(payments?.status).toBe(200);
        expect(context(s).groupPayments).toEqual(payments?.response);
        expect(context(s).groupPayments.map((p) => [p.id, p.groupId, p.status])).toEqual([
          [GROUP_PAID, GROUP, 'paid'],
          [GROUP_DECLINED, GROUP, 'failed'],
        ]);
        // The group's card shows the charge that went through (the declined card charged nothing), with the address
        // where the checkout left the leader: its confirmation and receipt again.
        // What the group's card is made of (its making is a unit test: tests/machines/commerce.test.ts): the two
        // applications of the group, its leader's first, and the one charge that went through.
        const members = context(s).applications.filter((a) => a.group?.id === GROUP);
        expect(members.find((a) => a.group?.relationship === 'leader')?.id).toBe(IN_PROGRESS);
        expect(members.map((a) => a.id).sort()).toEqual([IN_PROGRESS, SUBMITTED].sort());
        expect(context(s).groupPayments.filter((p) => p.status === 'paid').map((p) => [p.id, p.number, p.paidAt, p.price.total])).toEqual([
          [GROUP_PAID, 'RB-DASH-GROUP001', GROUP_PAID_AT, 30_299],
        ]);
      },
      'ready.receipt': (s, world) => expect(lastHeld(world, 'downloadReceipt')?.input.order).toEqual(context(s).orders.find((o) => o.id === PAID)),
      'ready.form': (s, world) => expect(lastHeld(world, 'downloadForm')?.input.order).toEqual(context(s).orders.find((o) => o.id === PAID)),
      'ready.viewing': (s) => expect([IN_PROGRESS, SUBMITTED, FORM]).toContain(context(s).viewing),
      'ready.viewing.loading': (s, world) => expect(lastHeld(world, 'fetchLead')?.input).toEqual({ leadId: context(s).viewing }),
      // View shows the answers the server holds for that application.
      'ready.viewing.shown': (s, world) => {
        const lead = lastCall(world, 'GET', `/api/leads/${context(s).viewing}`);
        expect(lead?.status).toBe(200);
        expect(context(s).viewedAnswers).toEqual((lead?.response as { formData: unknown }).formData);
        expect(Object.keys(context(s).viewedAnswers as object).length).toBeGreaterThan(0);
      },
      'ready.viewing.failed': (_, world) => expect(lastHeld(world, 'fetchLead')?.verdict).toBe('dropped'),
      'ready.list': (s) =>
        expect({ viewing: context(s).viewing, viewedAnswers: context(s).viewedAnswers, downloading: context(s).downloading }).toEqual({ viewing: null, viewedAnswers: null, downloading: null }),
      'ready.continuing': (_, world) => expect(lastHeld(world, 'fetchAnswers')?.input).toEqual({ leadId: IN_PROGRESS }),
      failed: (_, world) => expect(lastHeld(world, 'fetchDashboard')?.verdict).toBe('dropped'),
      toLogin: (s, world) => {
        // The session said nobody, and nothing was asked; or it said someone, and the server refused the list.
        const asked = lastCall(world, 'GET', '/api/applications');
        if (asked) expect(asked.status).toBe(401);
        else expect(world.events.at(-1)).toEqual({ type: 'SESSION', signedIn: false, checking: false });
        expect(effectsOf(world, 'navigate').map((e) => e.params)).toEqual([{ type: 'navigate', to: '/login', replace: true }]);
      },
      starting: (_, world) => expect(effectsOf(world, 'navigate').map((e) => e.params.to)).toEqual(['/apply']),
      leaving: (_, world) => {
        expect(effectsOf(world, 'navigate').map((e) => e.params.to)).toEqual(['/']);
        expect(effectsOf(world, 'signOut')).toHaveLength(1);
      },
      // The ten-section form opens its application by its address; 'Add a traveller' opens the application's own
      // form (the ESTA wizard or the ten-section form: they have the group panel) asking it to add one. Nothing is
      // loaded first: the form reads its lead itself.
      opened: (s, world) => {
        const last = world.events.at(-1) as { type: string; id: string };
        const page = last.id === IN_PROGRESS ? '/apply/esta-wizard' : '/ds160-wizard';
        expect([last.type, last.id]).toEqual(last.type === 'CONTINUE' ? ['CONTINUE', FORM] : ['ADD_TRAVELLER', last.id === IN_PROGRESS ? IN_PROGRESS : FORM]);
        expect(effectsOf(world, 'navigate').map((e) => e.params.to)).toEqual([`${page}?traveller=${last.id}${last.type === 'ADD_TRAVELLER' ? '&add-traveller=1' : ''}`]);
        expect(effectsOf(world, 'store')).toEqual([]);
      },
      continued: (s, world) => {
        // The wizard resumes from what the server holds, on any device.
        const lead = lastCall(world, 'GET', `/api/leads/${IN_PROGRESS}`);
        expect(lead?.status).toBe(200);
        // It opens on the first required question the server's answers leave open (an optional one is not owed).
        const next = EARLY_ESTA_NEXT;
        // Kept where the ESTA wizard restores its progress from: the server's answers, synced, its lead, where they stop.
        expect(effectsOf(world, 'store').map((e) => e.params)).toEqual([
          { type: 'store', area: 'local', values: { 'rumbo-wizard-esta': JSON.stringify({ answers: EARLY_ESTA, currentId: next, leadId: IN_PROGRESS, synced: EARLY_ESTA }) } },
        ]);
        expect((lead?.response as { formData: unknown }).formData).toEqual(EARLY_ESTA);
        expect(effectsOf(world, 'navigate').map((e) => e.params.to)).toEqual(['/apply/esta-wizard']);
      },
    },
  },
};
