import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { estaCatalog } from '../../machines/domain/catalogs/index';
import { SHARED_PATHS, WRITABLE_PATHS } from '../../machines/domain/sharedAnswers';
import { GROUP_LIMITS } from '../../machines/domain/travellerGroup';
import type { GroupDto, TravellerAdded } from '../../openapi/schemas/groups';
import { answersFor } from '../helpers/answers';
import { createTestApp, dialectUnderTest, sessionCookie, type TestApp } from '../helpers/app';
import { ownerCookie } from '../helpers/admin';
import { validForm } from '../helpers/ds160Form';

// Families and groups (issue 36): a group is its leader's (ownership), its limits hold when travellers are added
// together, and a new traveller gets the group's shared answers from the leader, never a personal one. CI runs
// this file on SQLite and again on PostgreSQL.

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ rateLimitPerMinute: 100_000 });
});
afterAll(async () => t.close());

const LEADER_ESTA = answersFor(estaCatalog, {
  email: 'ana.garcia@example.com',
  'first-name': 'Ana',
  'last-name': 'Garcia',
  'home-address': 'Calle Mayor 5, 28013 Madrid, Spain',
  'emergency-contact': 'Pilar Garcia',
  'emergency-phone': '+34698765432',
  purpose: 'tourism',
});

let addresses = 0;
/** Each request from its own address: the route's own per-minute limit is not what these tests are about. */
const from = () => ({ remoteAddress: `10.0.${Math.floor(++addresses / 250)}.${addresses % 250}` });

async function newLead(body: Record<string, unknown>, cookie?: string) {
  const response = await t.app.inject({ method: 'POST', url: '/api/leads', payload: body, ...from(), ...(cookie ? { headers: { cookie } } : {}) });
  expect(response.statusCode, response.body).toBe(201);
  return { leadId: (response.json() as { id: string }).id, cookie: cookie ?? (sessionCookie(response) as string) };
}

const estaLeader = (cookie?: string) =>
  newLead({ email: LEADER_ESTA.email, formType: 'ESTA', source: 'esta-wizard', formData: LEADER_ESTA, completionStatus: 'incomplete' }, cookie);

const ds160Leader = (cookie?: string) =>
  newLead({ email: 'maria@example.com', formType: 'DS-160', source: 'ds160-wizard', formData: JSON.stringify(validForm()), completionStatus: 'incomplete' }, cookie);

const call = (method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, cookie?: string, payload?: unknown) =>
  t.app.inject({ method, url, ...from(), ...(cookie ? { headers: { cookie } } : {}), ...(payload === undefined ? {} : { payload: payload as object }) });

async function groupOf(leadId: string, cookie: string): Promise<GroupDto> {
  const response = await call('POST', `/api/leads/${leadId}/group`, cookie);
  expect([200, 201], response.body).toContain(response.statusCode);
  return response.json() as GroupDto;
}

const traveller = (firstName: string, relationship: string, nationality: string, lastName = 'Garcia') => ({ firstName, lastName, relationship, nationality });

async function add(groupId: string, cookie: string, body: ReturnType<typeof traveller>): Promise<TravellerAdded> {
  const response = await call('POST', `/api/groups/${groupId}/travellers`, cookie, body);
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as TravellerAdded;
}

const leadOf = async (leadId: string, cookie: string) => {
  const response = await call('GET', `/api/leads/${leadId}`, cookie);
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as { formData: Record<string, unknown>; email: string; formType: string; source: string; name: string };
};

const anotherSession = async () => (await estaLeader()).cookie;

describe(`groups on ${dialectUnderTest}`, () => {
  describe('making a group', () => {
    it('turns an ESTA application into a group it leads, once, however often it is asked', async () => {
      const { leadId, cookie } = await estaLeader();
      const first = await call('POST', `/api/leads/${leadId}/group`, cookie);
      expect(first.statusCode).toBe(201);
      const group = first.json() as GroupDto;
      expect(group).toMatchObject({ leaderLeadId: leadId, purpose: 'tourism', limits: { travellers: 50, ds160: 12 } });
      expect(group.travellers).toEqual([expect.objectContaining({ leadId, relationship: 'leader', form: 'ESTA', position: 0, prefilled: [] })]);

      const again = await Promise.all([1, 2, 3].map(() => call('POST', `/api/leads/${leadId}/group`, cookie)));
      expect(again.map((r) => r.statusCode)).toEqual([200, 200, 200]);
      expect(new Set(again.map((r) => r.json().id))).toEqual(new Set([group.id]));
      expect(await t.app.db.selectFrom('traveller_groups').select('id').where('leader_lead_id', '=', leadId).execute()).toHaveLength(1);

      const found = await call('GET', `/api/leads/${leadId}/group`, cookie);
      expect(found.json()).toMatchObject({ id: group.id });
    });

    it('makes one group when the same application asks several times at once', async () => {
      const { leadId, cookie } = await estaLeader();
      const made = await Promise.all(Array.from({ length: 6 }, () => call('POST', `/api/leads/${leadId}/group`, cookie)));
      expect(made.map((r) => r.statusCode).sort()).toEqual([200, 200, 200, 200, 200, 201]);
      expect(new Set(made.map((r) => r.json().id)).size).toBe(1);
      expect(await t.app.db.selectFrom('group_members').select('lead_id').where('lead_id', '=', leadId).execute()).toHaveLength(1);
    });

    it('answers null for an application travelling alone (200, not a 404 in the console), and refuses a form a group is not made from (400)', async () => {
      const { leadId, cookie } = await estaLeader();
      const none = await call('GET', `/api/leads/${leadId}/group`, cookie);
      expect(none.statusCode).toBe(200);
      expect(none.json()).toBeNull();
      // Someone else's application is still refused, and one that does not exist is still not found.
      expect((await call('GET', `/api/leads/${leadId}/group`)).statusCode).toBe(403);
      expect((await call('GET', '/api/leads/00000000-0000-4000-8000-000000000000/group', cookie)).statusCode).toBe(404);

      const chat = await newLead({ email: 'chat@example.com', formType: 'DS-160', source: 'ai-chat', formData: {} }, cookie);
      const refused = await call('POST', `/api/leads/${chat.leadId}/group`, cookie);
      expect(refused.statusCode).toBe(400);
      expect(refused.json().message).toMatch(/^params\.leadId: /);
    });

    it('refuses to make a group led by a traveller of another group (409)', async () => {
      const { leadId, cookie } = await estaLeader();
      const group = await groupOf(leadId, cookie);
      const { leadId: child } = await add(group.id, cookie, traveller('Lucia', 'child', 'Spain'));
      const response = await call('POST', `/api/leads/${child}/group`, cookie);
      expect(response.statusCode).toBe(409);
      expect(response.json().code).toBe('group_member');
    });
  });

  describe('ownership: a traveller is the leader’s to read and change, nobody else’s', () => {
    it('lets the leader’s session read and change a traveller’s lead, and refuses every other session', async () => {
      const { leadId, cookie } = await estaLeader();
      const group = await groupOf(leadId, cookie);
      const { leadId: spouse } = await add(group.id, cookie, traveller('Luis', 'spouse', 'Spain', 'Perez'));

      const changed = await call('PATCH', `/api/leads/${spouse}/update`, cookie, { formData: { 'birth-city': 'Sevilla' } });
      expect(changed.statusCode, changed.body).toBe(200);
      expect((await leadOf(spouse, cookie)).formData['birth-city']).toBe('Sevilla');

      const stranger = await anotherSession();
      expect((await call('GET', `/api/leads/${spouse}`, stranger)).statusCode).toBe(403);
      expect((await call('PATCH', `/api/leads/${spouse}/update`, stranger, { formData: { 'birth-city': 'Cadiz' } })).statusCode).toBe(403);
      expect((await call('GET', `/api/groups/${group.id}`, stranger)).statusCode).toBe(403);
      expect((await call('GET', `/api/leads/${spouse}/group`, stranger)).statusCode).toBe(403);
      expect((await call('POST', `/api/leads/${leadId}/group`, stranger)).statusCode).toBe(403);
      expect((await call('POST', `/api/groups/${group.id}/travellers`, stranger, traveller('Eva', 'friend', 'Spain'))).statusCode).toBe(403);
      expect((await call('DELETE', `/api/groups/${group.id}/travellers/${spouse}`, stranger)).statusCode).toBe(403);
      // Without any session at all, too.
      expect((await call('GET', `/api/groups/${group.id}`)).statusCode).toBe(403);

      expect((await leadOf(spouse, cookie)).formData['birth-city']).toBe('Sevilla');
      expect((await t.app.db.selectFrom('group_members').select('lead_id').where('group_id', '=', group.id).execute()).length).toBe(2);
    });

    it('answers 404 for a group or traveller that does not exist', async () => {
      const { leadId, cookie } = await estaLeader();
      const group = await groupOf(leadId, cookie);
      const unknown = '00000000-0000-4000-8000-000000000000';
      expect((await call('GET', `/api/groups/${unknown}`, cookie)).statusCode).toBe(404);
      expect((await call('POST', `/api/groups/${unknown}/travellers`, cookie, traveller('Eva', 'friend', 'Spain'))).statusCode).toBe(404);
      expect((await call('DELETE', `/api/groups/${group.id}/travellers/${unknown}`, cookie)).statusCode).toBe(404);
      // A traveller of another of this session's groups is not this group's to remove.
      const other = await estaLeader(cookie);
      const otherGroup = await groupOf(other.leadId, cookie);
      const { leadId: elsewhere } = await add(otherGroup.id, cookie, traveller('Eva', 'friend', 'Spain'));
      expect((await call('DELETE', `/api/groups/${group.id}/travellers/${elsewhere}`, cookie)).statusCode).toBe(404);
    });

    it('keeps an added traveller out of the leader’s own early capture (same e-mail and owner, another person)', async () => {
      const { leadId, cookie } = await estaLeader();
      const group = await groupOf(leadId, cookie);
      await add(group.id, cookie, traveller('Lucia', 'child', 'Spain'));
      const captured = await call('POST', '/api/leads/immediate', cookie, { email: LEADER_ESTA.email, formType: 'ESTA', firstName: 'Ana', lastName: 'Garcia' });
      expect(captured.statusCode).toBe(200);
      expect(captured.json()).toEqual({ leadId, existing: true });
    });
  });

  describe('adding and removing travellers', () => {
    it('gives each traveller the form their passport needs: a Mexican a DS-160, a Spaniard an ESTA', async () => {
      const { leadId, cookie } = await estaLeader();
      const group = await groupOf(leadId, cookie);
      const spanish = await add(group.id, cookie, traveller('Luis', 'spouse', 'spain'));
      const mexican = await add(group.id, cookie, traveller('Diego', 'child', 'Mexico'));
      const byLead = new Map(mexican.group.travellers.map((tr) => [tr.leadId, tr]));
      expect(byLead.get(spanish.leadId)).toMatchObject({ form: 'ESTA', relationship: 'spouse', name: 'Luis Garcia', position: 1 });
      expect(byLead.get(mexican.leadId)).toMatchObject({ form: 'DS-160', relationship: 'child', name: 'Diego Garcia', position: 2 });
      const spanishLead = await leadOf(spanish.leadId, cookie);
      expect(spanishLead).toMatchObject({ formType: 'ESTA', source: 'esta-wizard', email: LEADER_ESTA.email });
      expect(spanishLead.formData['passport-country']).toBe('Spain');
      expect(await leadOf(mexican.leadId, cookie)).toMatchObject({ formType: 'DS-160', source: 'ds160-wizard' });
    });

    it('takes the passport country as a family types it in its own language and stores the English name (issue 45)', async () => {
      const { leadId, cookie } = await estaLeader();
      const group = await groupOf(leadId, cookie);
      const cases: Array<[string, string, 'ESTA' | 'DS-160']> = [
        ['España', 'Spain', 'ESTA'],
        ['méxico', 'Mexico', 'DS-160'],
        ['Royaume-Uni', 'United Kingdom', 'ESTA'],
        ['BRASIL', 'Brazil', 'DS-160'],
      ];
      for (const [typed, stored, form] of cases) {
        const added = await add(group.id, cookie, traveller('Lucia', 'child', typed));
        expect(added.group.travellers.find((tr) => tr.leadId === added.leadId)?.form, typed).toBe(form);
        const lead = await leadOf(added.leadId, cookie);
        const nationality = form === 'ESTA' ? lead.formData['passport-country'] : (lead.formData['personal-info'] as Record<string, unknown>).nationality;
        expect(nationality, typed).toBe(stored);
      }
      const american = await call('POST', `/api/groups/${group.id}/travellers`, cookie, traveller('Lucia', 'child', 'Estados Unidos'));
      expect(american.statusCode).toBe(400);
      expect(american.json().message).toMatch(/^body\.nationality: .*U\.S\. citizen/);
    });

    it('names the field that is wrong (400) and adds nobody', async () => {
      const { leadId, cookie } = await estaLeader();
      const group = await groupOf(leadId, cookie);
      const cases: Array<[Record<string, unknown>, RegExp]> = [
        [traveller('', 'child', 'Spain'), /^body\.firstName: /],
        [traveller('Lucía', 'child', 'Spain'), /^body\.firstName: /],
        [traveller('Lucia', 'child', 'Atlantis'), /^body\.nationality: .*list/],
        [traveller('Lucia', 'child', 'United States'), /^body\.nationality: .*U\.S\. citizen/],
        [traveller('Lucia', 'cousin', 'Spain'), /relationship/],
        [{ ...traveller('Lucia', 'child', 'Spain'), passportNumber: 'X1' }, /passportNumber/],
      ];
      for (const [body, message] of cases) {
        const response = await call('POST', `/api/groups/${group.id}/travellers`, cookie, body);
        expect(response.statusCode, JSON.stringify(body)).toBe(400);
        expect(response.json().message).toMatch(message);
      }
      expect((await call('GET', `/api/groups/${group.id}`, cookie)).json().travellers).toHaveLength(1);
    });

    it('removes a traveller with the application made for them, never the leader', async () => {
      const { leadId, cookie } = await estaLeader();
      const group = await groupOf(leadId, cookie);
      const { leadId: friend } = await add(group.id, cookie, traveller('Eva', 'friend', 'Spain', 'Ruiz'));
      const removed = await call('DELETE', `/api/groups/${group.id}/travellers/${friend}`, cookie);
      expect(removed.statusCode).toBe(200);
      expect((removed.json() as GroupDto).travellers.map((tr) => tr.leadId)).toEqual([leadId]);
      expect(await t.app.db.selectFrom('leads').select('id').where('id', '=', friend).execute()).toEqual([]);
      const leader = await call('DELETE', `/api/groups/${group.id}/travellers/${leadId}`, cookie);
      expect(leader.statusCode).toBe(409);
      expect(leader.json().code).toBe('group_leader');
    });
  });

  describe('the limits hold when travellers are added together', () => {
    it(`takes ${GROUP_LIMITS.travellers} travellers in all, however many are sent at once`, async () => {
      const { leadId, cookie } = await estaLeader();
      const group = await groupOf(leadId, cookie);
      const sent = 60;
      const responses = await Promise.all(
        Array.from({ length: sent }, (_, i) => call('POST', `/api/groups/${group.id}/travellers`, cookie, traveller(`Member${String.fromCharCode(65 + (i % 26))}${String.fromCharCode(65 + Math.floor(i / 26))}`, 'groupMember', 'Spain'))),
      );
      const statuses = responses.map((r) => r.statusCode);
      expect(statuses.filter((s) => s === 201)).toHaveLength(GROUP_LIMITS.travellers - 1);
      expect(statuses.filter((s) => s === 409)).toHaveLength(sent - (GROUP_LIMITS.travellers - 1));
      expect(new Set(responses.filter((r) => r.statusCode === 409).map((r) => r.json().code))).toEqual(new Set(['group_full']));
      const rows = await t.app.db.selectFrom('group_members').select('position').where('group_id', '=', group.id).execute();
      expect(rows).toHaveLength(GROUP_LIMITS.travellers);
      expect(new Set(rows.map((r) => Number(r.position))).size).toBe(GROUP_LIMITS.travellers);
      // No lead was left behind by a refused request.
      const owner = await t.app.db.selectFrom('leads').select('owner_token').where('id', '=', leadId).executeTakeFirstOrThrow();
      const leads = await t.app.db.selectFrom('leads').select('id').where('owner_token', '=', owner.owner_token).execute();
      expect(leads).toHaveLength(GROUP_LIMITS.travellers);
    });

    it(`takes ${GROUP_LIMITS.ds160} travellers who need a DS-160, however many are sent at once, and Spaniards beside them`, async () => {
      const { leadId, cookie } = await estaLeader();
      const group = await groupOf(leadId, cookie);
      const bodies = [
        ...Array.from({ length: 15 }, (_, i) => traveller(`Mexicano${String.fromCharCode(65 + i)}`, 'friend', 'Mexico')),
        ...Array.from({ length: 3 }, (_, i) => traveller(`Espanol${String.fromCharCode(65 + i)}`, 'friend', 'Spain')),
      ];
      const responses = await Promise.all(bodies.map((body) => call('POST', `/api/groups/${group.id}/travellers`, cookie, body)));
      const mexicans = responses.slice(0, 15);
      expect(mexicans.filter((r) => r.statusCode === 201)).toHaveLength(GROUP_LIMITS.ds160);
      expect(mexicans.filter((r) => r.statusCode === 409).map((r) => r.json().code)).toEqual(['group_ds160_full', 'group_ds160_full', 'group_ds160_full']);
      expect(responses.slice(15).map((r) => r.statusCode)).toEqual([201, 201, 201]);
      const travellers = ((await call('GET', `/api/groups/${group.id}`, cookie)).json() as GroupDto).travellers;
      expect(travellers.filter((tr) => tr.form === 'DS-160')).toHaveLength(GROUP_LIMITS.ds160);
      expect(travellers).toHaveLength(1 + GROUP_LIMITS.ds160 + 3);
    });
  });

  describe('shared answers are copied from the leader, personal ones never', () => {
    const PERSONAL_ESTA = estaCatalog.questions.map((q) => q.id).filter((id) => !WRITABLE_PATHS.ESTA.has(id) && !['first-name', 'last-name', 'passport-country'].includes(id));

    it('fills an ESTA traveller’s home address, purpose and emergency contact, marked, and nothing personal', async () => {
      const { leadId, cookie } = await estaLeader();
      const group = await groupOf(leadId, cookie);
      const { leadId: child, group: after } = await add(group.id, cookie, traveller('Lucia', 'child', 'Spain'));
      const { formData } = await leadOf(child, cookie);
      const shared = Object.values(SHARED_PATHS.ESTA).flat();
      expect(shared.sort()).toEqual(['emergency-contact', 'emergency-email', 'emergency-phone', 'home-address', 'purpose', 'us-contact', 'us-contact-address', 'us-contact-phone']);
      for (const path of shared) expect(formData[path], path).toBe(LEADER_ESTA[path]);
      expect(formData).toMatchObject({ 'first-name': 'Lucia', 'last-name': 'Garcia', 'passport-country': 'Spain' });
      // The leader is Lucia's mother: the official ESTA's parents' names come from the group (issue 45 item 21).
      expect(formData).toMatchObject({ 'mother-first-name': 'Ana', 'mother-family-name': 'Garcia' });
      expect(formData['father-first-name']).toBeUndefined();
      expect(PERSONAL_ESTA.length).toBeGreaterThan(20);
      for (const id of PERSONAL_ESTA) expect(formData[id], id).toBeUndefined();
      expect(after.travellers.find((tr) => tr.leadId === child)?.prefilled.sort()).toEqual([...shared, 'mother-family-name', 'mother-first-name'].sort());
    });

    it('gives a friend the trip but not the leader’s home or emergency contact (issue 45 item 8)', async () => {
      const { leadId, cookie } = await estaLeader();
      const group = await groupOf(leadId, cookie);
      const { leadId: friend, group: after } = await add(group.id, cookie, traveller('Rocio', 'friend', 'Spain', 'Perez'));
      const { formData } = await leadOf(friend, cookie);
      expect(formData.purpose).toBe(LEADER_ESTA.purpose);
      for (const path of ['home-address', 'emergency-contact', 'emergency-email', 'emergency-phone']) expect(formData[path], path).toBeUndefined();
      // The trip is shared with a friend: its purpose and the U.S. point of contact it goes to.
      expect(after.travellers.find((tr) => tr.leadId === friend)?.prefilled.sort()).toEqual(['purpose', 'us-contact', 'us-contact-address', 'us-contact-phone']);
    });

    it('marks an answer as filled in only until the traveller changes it', async () => {
      const { leadId, cookie } = await estaLeader();
      const group = await groupOf(leadId, cookie);
      const { leadId: spouse } = await add(group.id, cookie, traveller('Luis', 'spouse', 'Spain'));
      const changed = await call('PATCH', `/api/leads/${spouse}/update`, cookie, { formData: { 'home-address': 'Calle Luna 9, 41001 Sevilla, Spain' } });
      expect(changed.statusCode, changed.body).toBe(200);
      const travellers = ((await call('GET', `/api/groups/${group.id}`, cookie)).json() as GroupDto).travellers;
      expect(travellers.find((tr) => tr.leadId === spouse)?.prefilled.sort()).toEqual(['emergency-contact', 'emergency-email', 'emergency-phone', 'purpose', 'us-contact', 'us-contact-address', 'us-contact-phone']);
    });

    it('fills a DS-160 traveller’s trip, U.S. address, home address, payer and companions from a DS-160 leader, and nothing personal', async () => {
      const { leadId, cookie } = await ds160Leader();
      const group = await groupOf(leadId, cookie);
      const { leadId: spouse } = await add(group.id, cookie, traveller('Jorge', 'spouse', 'Mexico', 'Lopez'));
      const { formData } = (await leadOf(spouse, cookie)) as { formData: Record<string, Record<string, unknown>> };
      const leader = validForm();
      for (const field of ['arrivalDate', 'departureDate', 'lengthOfStay', 'usAddress', 'usCity', 'usState', 'usZipCode', 'tripPurpose', 'tripPlans']) {
        expect(formData['travel-info']?.[field], field).toEqual(leader['travel-info'][field]);
      }
      // The leader pays for herself, so to her husband the trip is paid by family.
      expect(formData['travel-info']?.whoIsPayingForTrip).toBe('Family/Friends');
      for (const field of ['homeAddress', 'homeCity', 'homeCountry', 'sameAsHome']) expect(formData['address-phone']?.[field], field).toEqual(leader['address-phone'][field]);
      expect(formData['address-phone']?.primaryPhone).toBeUndefined();
      expect(formData['address-phone']?.emailAddress).toBeUndefined();
      expect(formData['travel-companions']).toMatchObject({
        travelingWithOthers: 'Yes',
        companions: [{ firstName: 'Maria', lastName: 'Lopez', relationship: 'Spouse', nationality: 'Mexico' }],
      });
      expect(formData['personal-info']).toEqual({ firstName: 'Jorge', lastName: 'Lopez', nationality: 'Mexico' });
      for (const section of ['passport-info', 'previous-travel', 'work-education', 'security-background', 'photo-submission']) expect(formData[section], section).toBeUndefined();
      // The leader's parents are not her husband's.
      expect(formData['family-info']).toBeUndefined();
    });

    it('takes a child’s parents’ names from the group where they travel in it', async () => {
      const { leadId, cookie } = await ds160Leader();
      const group = await groupOf(leadId, cookie);
      const { leadId: child } = await add(group.id, cookie, traveller('Sofia', 'child', 'Mexico', 'Lopez'));
      const { formData } = (await leadOf(child, cookie)) as { formData: Record<string, Record<string, unknown>> };
      // The leader (female) is the mother; the father does not travel, so he is left to the form.
      expect(formData['family-info']).toEqual({ motherFirstName: 'Maria', motherLastName: 'Lopez' });
      expect(formData['travel-companions']?.companions).toEqual([{ firstName: 'Maria', lastName: 'Lopez', relationship: 'Parent', nationality: 'Mexico' }]);
    });

    it('carries the home address and purpose from an ESTA leader into a DS-160 traveller’s form', async () => {
      const { leadId, cookie } = await estaLeader();
      const group = await groupOf(leadId, cookie);
      const { leadId: mexican } = await add(group.id, cookie, traveller('Diego', 'spouse', 'Mexico'));
      const { formData } = (await leadOf(mexican, cookie)) as { formData: Record<string, Record<string, unknown>> };
      expect(formData['address-phone']).toEqual({ homeAddress: LEADER_ESTA['home-address'] });
      expect(formData['travel-info']).toEqual({ tripPurpose: 'Tourism' });
      expect(formData['personal-info']).toEqual({ firstName: 'Diego', lastName: 'Garcia', nationality: 'Mexico' });
    });
  });

  describe('the admin sees the group', () => {
    it('in a lead’s details, with every traveller, and in the CSV’s group columns', async () => {
      const { leadId, cookie } = await estaLeader();
      const group = await groupOf(leadId, cookie);
      const { leadId: child } = await add(group.id, cookie, traveller('Lucia', 'child', 'Spain'));
      const admin = await ownerCookie(t.app);
      const detail = (await call('GET', `/api/admin/leads/${child}`, admin)).json();
      expect(detail.group).toEqual({
        id: group.id,
        travellers: [
          { leadId, name: 'Ana Garcia', relationship: 'leader', form: 'ESTA', completionStatus: 'incomplete', paymentStatus: 'unpaid' },
          { leadId: child, name: 'Lucia Garcia', relationship: 'child', form: 'ESTA', completionStatus: 'incomplete', paymentStatus: 'unpaid' },
        ],
      });
      const alone = await estaLeader();
      expect((await call('GET', `/api/admin/leads/${alone.leadId}`, admin)).json().group).toBeNull();
      const csv = (await call('GET', '/api/admin/leads/export', admin)).body.split('\r\n');
      expect(csv[0]).toMatch(/"Group","Group Role"$/);
      expect(csv.find((line) => line.startsWith(`"${child}"`))).toMatch(new RegExp(`"${group.id}","child"$`));
      expect(csv.find((line) => line.startsWith(`"${leadId}"`))).toMatch(new RegExp(`"${group.id}","leader"$`));
      expect(csv.find((line) => line.startsWith(`"${alone.leadId}"`))).toMatch(/"",""$/);
    });
  });

  describe("a minor's parent or guardian", () => {
    /** The leader's group with a child whose form holds the birth date given. */
    async function familyWithChild(birthDate: string | null) {
      const { leadId, cookie } = await estaLeader();
      const { leadId: child, group } = await add((await groupOf(leadId, cookie)).id, cookie, traveller('Lucia', 'child', 'Spain'));
      if (birthDate) {
        const patched = await call('PATCH', `/api/leads/${child}/update`, cookie, { formData: { 'birth-date': birthDate } });
        expect(patched.statusCode, patched.body).toBe(200);
      }
      return { leadId, cookie, group, child };
    }
    const guardianOf = (group: GroupDto, leadId: string) => group.travellers.find((x) => x.leadId === leadId);
    const TEN_YEARS_AGO = `${new Date().getUTCFullYear() - 10}-03-01`;

    it('knows a minor by the birth date in their form, and takes an adult traveller of the group as their parent', async () => {
      const { leadId, cookie, group, child } = await familyWithChild(null);
      expect(guardianOf(group, child)).toMatchObject({ minor: null, guardian: null });
      expect(guardianOf(group, leadId)).toMatchObject({ minor: false, guardian: null });
      await call('PATCH', `/api/leads/${child}/update`, cookie, { formData: { 'birth-date': TEN_YEARS_AGO } });
      const set = await call('PUT', `/api/groups/${group.id}/travellers/${child}/guardian`, cookie, { leadId, role: 'parent' });
      expect(set.statusCode, set.body).toBe(200);
      expect(guardianOf(set.json() as GroupDto, child)).toMatchObject({ minor: true, guardian: { leadId, name: 'Ana Garcia', role: 'parent' } });
      // Kept: the group read again says the same.
      expect(guardianOf((await call('GET', `/api/groups/${group.id}`, cookie)).json() as GroupDto, child)?.guardian).toEqual({ leadId, name: 'Ana Garcia', role: 'parent' });
    });

    it('takes someone outside the group by name, and says which field is wrong otherwise', async () => {
      const { cookie, group, child } = await familyWithChild(TEN_YEARS_AGO);
      const url = `/api/groups/${group.id}/travellers/${child}/guardian`;
      const named = await call('PUT', url, cookie, { name: '  Pilar   Garcia ', role: 'legalGuardian' });
      expect(guardianOf(named.json() as GroupDto, child)?.guardian).toEqual({ leadId: null, name: 'Pilar Garcia', role: 'legalGuardian' });
      const noName = await call('PUT', url, cookie, { role: 'other' });
      expect(noName.statusCode).toBe(400);
      expect(noName.json().message).toMatch(/^body.name: /);
      const noRole = await call('PUT', url, cookie, { name: 'Pilar Garcia', role: 'uncle' });
      expect(noRole.statusCode).toBe(400);
      expect(noRole.json().message).toMatch(/role/);
      // The minor cannot be their own guardian, nor can another minor or a stranger's application.
      expect((await call('PUT', url, cookie, { leadId: child, role: 'parent' })).json()).toMatchObject({ statusCode: 400, message: expect.stringMatching(/^body.leadId: /) });
      const stranger = await estaLeader();
      expect((await call('PUT', url, cookie, { leadId: stranger.leadId, role: 'parent' })).statusCode).toBe(400);
    });

    it('refuses a guardian for an adult, and refuses anyone but the group leader', async () => {
      const { leadId, cookie, group, child } = await familyWithChild('1990-05-15');
      const adult = await call('PUT', `/api/groups/${group.id}/travellers/${child}/guardian`, cookie, { leadId, role: 'parent' });
      expect(adult.statusCode).toBe(409);
      expect(adult.json().code).toBe('not_a_minor');
      const minor = await familyWithChild(TEN_YEARS_AGO);
      const other = await anotherSession();
      expect((await call('PUT', `/api/groups/${minor.group.id}/travellers/${minor.child}/guardian`, other, { name: 'Eva Stranger', role: 'other' })).statusCode).toBe(403);
      expect((await call('PUT', `/api/groups/${minor.group.id}/travellers/${leadId}/guardian`, minor.cookie, { name: 'Eva Stranger', role: 'other' })).statusCode).toBe(404);
    });
  });

  describe('the applicant’s dashboard', () => {
    it('lists every traveller’s application with its group, for the account that signs up afterwards too', async () => {
      const { leadId, cookie } = await estaLeader();
      const group = await groupOf(leadId, cookie);
      const { leadId: child } = await add(group.id, cookie, traveller('Lucia', 'child', 'Spain'));
      const { leadId: son } = await add(group.id, cookie, traveller('Diego', 'child', 'Mexico'));
      const signup = await call('POST', '/api/auth/signup', cookie, { email: `ana.${Date.now()}@example.com`, password: 'correct horse battery' });
      expect(signup.statusCode).toBe(201);
      const account = sessionCookie(signup) as string;
      const apps = (await call('GET', '/api/applications', account)).json() as Array<{ id: string; group: unknown; wizard: string | null }>;
      // Each continues in its own form: the ESTA wizard, or the ten-section DS-160 form for the Mexican son.
      expect([leadId, child, son].map((id) => apps.find((a) => a.id === id)?.wizard)).toEqual(['esta', 'esta', 'form']);
      expect(apps.find((a) => a.id === leadId)?.group).toEqual({ id: group.id, relationship: 'leader', traveller: 'Ana Garcia' });
      expect(apps.find((a) => a.id === child)?.group).toEqual({ id: group.id, relationship: 'child', traveller: 'Lucia Garcia' });
      // The account owns the group now: it adds a traveller from any browser it signs in on.
      expect((await call('POST', `/api/groups/${group.id}/travellers`, account, traveller('Pablo', 'child', 'Spain'))).statusCode).toBe(201);
    });
  });
});
