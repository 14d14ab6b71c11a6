import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, waitFor, type AnyActorRef } from 'xstate';
import { draftErrors, hasRoom, travellerGroupMachine } from '../../machines/travellerGroup.machine';
import { guardianChoices, travellersOf } from '../../machines/travellerGroup.view';

import type { GroupDto, TravellerDto } from '../../openapi/schemas/groups';

const travellerAtLucia = (actor: AnyActorRef) => (actor.getSnapshot().context.group?.travellers as TravellerDto[]).find((t) => t.leadId === 'lucia');
const settle = (actor: AnyActorRef) => waitFor(actor, (s) => !s.hasTag('busy'));
const rejects = (error: unknown): any =>
  fromPromise(async () => {
    throw error;
  });

const traveller = (leadId: string, extra: Partial<TravellerDto> = {}): TravellerDto => ({
  leadId,
  position: 0,
  relationship: 'leader',
  form: 'ESTA',
  name: leadId,
  completionStatus: 'incomplete',
  paymentStatus: 'unpaid',
  prefilled: [],
  updatedAt: '',
  minor: null,
  guardian: null,
  ...extra,
});

const group = (travellers: TravellerDto[]): GroupDto => ({
  id: 'group-1',
  leaderLeadId: 'leader',
  purpose: 'tourism',
  limits: { travellers: 50, ds160: 12 },
  travellers,
  createdAt: '',
});

const LUCIA = { firstName: 'Lucia', lastName: 'Garcia', relationship: 'child', nationality: 'Spain' };

function start(leadId: string | null, actors: Record<string, unknown> = {}, openAdd = false, openGuardian = false) {
  const opened = vi.fn();
  const created = vi.fn(async () => group([traveller('leader')]));
  const added = vi.fn(async ({ input }: { input: { groupId: string } }) => ({
    leadId: 'lucia',
    group: group([traveller('leader'), traveller('lucia', { relationship: 'child', position: 1, prefilled: ['home-address'] })]),
    groupId: input.groupId,
  }));
  const actor = createActor(
    travellerGroupMachine.provide({
      actors: {
        loadGroup: fromPromise(async () => null),
        createGroup: fromPromise(created),
        addTraveller: fromPromise(added),
        removeTraveller: fromPromise(async () => group([traveller('leader')])),
        ...actors,
      } as never,
    }),
    { input: { leadId, openAdd, openGuardian } },
  );
  // A traveller opened is their own form's page: the form by its type, the lead in the address.
  actor.on('navigate', ({ to }) => {
    const match = /^\/(apply\/esta-wizard|ds160-wizard)\?traveller=([^&]+)$/.exec(to);
    expect(match, to).not.toBeNull();
    opened({ leadId: decodeURIComponent(match![2]!), form: match![1] === 'ds160-wizard' ? 'DS-160' : 'ESTA' });
  });
  actor.start();
  return { actor, opened, created, added };
}

describe('travellerGroup', () => {
  describe("a minor's parent or guardian", () => {
    const family = group([traveller('leader'), traveller('lucia', { position: 1, relationship: 'child', minor: true, completionStatus: 'completed' })]);

    it('is asked for a minor only, and until given the minor is not done', async () => {
      const { actor } = start('leader', { loadGroup: fromPromise(async () => family) });
      await settle(actor);
      expect(travellersOf(actor.getSnapshot().context).map((r) => [r.leadId, r.done, r.needsGuardian])).toEqual([
        ['leader', false, false],
        ['lucia', false, true],
      ]);
      actor.send({ type: 'GUARDIAN.OPEN', position: 0 });
      expect(actor.getSnapshot().value).toBe('idle');
      actor.send({ type: 'GUARDIAN.OPEN', position: 1 });
      expect(actor.getSnapshot().matches({ guardian: 'editing' })).toBe(true);
      expect(guardianChoices(actor.getSnapshot().context).map((t) => t.leadId)).toEqual(['leader']);
    });

    it('sends nothing until a role and a traveller or a full name are given, then keeps what the server says', async () => {
      const saved = vi.fn(async () => group([traveller('leader'), traveller('lucia', { position: 1, minor: true, guardian: { leadId: 'leader', name: 'Ana', role: 'parent' } })]));
      const { actor } = start('leader', { loadGroup: fromPromise(async () => family), setGuardian: fromPromise(saved) });
      await settle(actor);
      actor.send({ type: 'GUARDIAN.OPEN', position: 1 });
      actor.send({ type: 'GUARDIAN.SUBMIT' });
      expect(Object.keys(actor.getSnapshot().context.guardianErrors).sort()).toEqual(['name', 'role']);
      actor.send({ type: 'GUARDIAN.PICK', position: 0 });
      actor.send({ type: 'GUARDIAN.CHANGE', field: 'role', value: 'parent' });
      expect(actor.getSnapshot().context.guardianErrors).toEqual({});
      actor.send({ type: 'GUARDIAN.SUBMIT' });
      await settle(actor);
      expect(saved).toHaveBeenCalledWith(expect.objectContaining({ input: { groupId: 'group-1', leadId: 'lucia', guardian: { leadId: 'leader', role: 'parent' } } }));
      expect(actor.getSnapshot().value).toBe('idle');
      expect(travellerAtLucia(actor)).toMatchObject({ guardian: { leadId: 'leader', role: 'parent' } });
    });

    it('names someone else, keeps the form on a failure, and forgets it on Cancel', async () => {
      const saved = vi.fn();
      const { actor } = start('leader', { loadGroup: fromPromise(async () => family), setGuardian: rejects(new Error('down')) });
      await settle(actor);
      actor.send({ type: 'GUARDIAN.OPEN', position: 1 });
      actor.send({ type: 'GUARDIAN.PICK', position: null });
      actor.send({ type: 'GUARDIAN.CHANGE', field: 'name', value: 'Pilar Garcia' });
      actor.send({ type: 'GUARDIAN.CHANGE', field: 'role', value: 'legalGuardian' });
      actor.send({ type: 'GUARDIAN.SUBMIT' });
      await settle(actor);
      expect(actor.getSnapshot().matches({ guardian: 'editing' })).toBe(true);
      expect(actor.getSnapshot().context).toMatchObject({ failure: 'guardianFailed', guardianDraft: { leadId: '', name: 'Pilar Garcia', role: 'legalGuardian' } });
      actor.send({ type: 'GUARDIAN.CANCEL' });
      expect(actor.getSnapshot().context).toMatchObject({ guardianFor: null, guardianDraft: { leadId: '', name: '', role: '' }, failure: null });
      expect(saved).not.toHaveBeenCalled();
    });
  });

  describe("opened from the checkout's 'Add the parent or guardian' (issue 45 item 10)", () => {
    const minorOpen = group([traveller('leader'), traveller('lucia', { position: 1, relationship: 'child', minor: true })]);

    it('opens the open minor’s guardian form once the group is read, and only once', async () => {
      const { actor } = start('lucia', { loadGroup: fromPromise(async () => minorOpen) }, false, true);
      await settle(actor);
      expect(actor.getSnapshot().matches({ guardian: 'editing' })).toBe(true);
      expect(actor.getSnapshot().context).toMatchObject({ guardianFor: 'lucia', openGuardian: false });
      actor.send({ type: 'GUARDIAN.CANCEL' });
      actor.send({ type: 'REFRESH' });
      await settle(actor);
      expect(actor.getSnapshot().value).toBe('idle');
    });

    it('stays on the list when the open traveller is not a minor', async () => {
      const { actor } = start('leader', { loadGroup: fromPromise(async () => minorOpen) }, false, true);
      await settle(actor);
      expect(actor.getSnapshot().value).toBe('idle');
    });
  });

  describe('a birth date saved beside the panel (issue 45 item 10)', () => {
    it('reads the group again once per new birth date, so a new minor is noticed without a reload', async () => {
      let reads = 0;
      const adult = group([traveller('leader'), traveller('lucia', { position: 1, relationship: 'child' })]);
      const minor = group([traveller('leader'), traveller('lucia', { position: 1, relationship: 'child', minor: true })]);
      const { actor } = start('lucia', { loadGroup: fromPromise(async () => (++reads === 1 ? adult : minor)) });
      await settle(actor);
      expect(travellersOf(actor.getSnapshot().context).find((r) => r.leadId === 'lucia')?.needsGuardian).toBe(false);
      actor.send({ type: 'FORM.SAVED', birthDate: '2016-04-02' });
      await settle(actor);
      expect(reads).toBe(2);
      expect(travellersOf(actor.getSnapshot().context).find((r) => r.leadId === 'lucia')?.needsGuardian).toBe(true);
      actor.send({ type: 'FORM.SAVED', birthDate: '2016-04-02' });
      actor.send({ type: 'FORM.SAVED', birthDate: '' });
      await settle(actor);
      expect(reads).toBe(2);
    });
  });

  describe("opened as 'Add a traveller' (from /apply/summary or the dashboard)", () => {
    it('opens the add form once the group is read, and only once', async () => {
      const { actor } = start('leader', {}, true);
      await settle(actor);
      expect(actor.getSnapshot().matches({ adding: 'editing' })).toBe(true);
      actor.send({ type: 'ADD.CANCEL' });
      actor.send({ type: 'REFRESH' });
      await settle(actor);
      expect(actor.getSnapshot().value).toBe('idle');
    });

    it('stays on the list when the group is full, or could not be read', async () => {
      const full = group(Array.from({ length: 50 }, (_, i) => traveller(`t${i}`, { position: i })));
      const { actor } = start('leader', { loadGroup: fromPromise(async () => full) }, true);
      await settle(actor);
      expect(actor.getSnapshot().value).toBe('idle');
      const failed = start('leader', { loadGroup: rejects(new Error('down')) }, true).actor;
      await settle(failed);
      expect(failed.getSnapshot().value).toBe('idle');
      expect(failed.getSnapshot().context).toMatchObject({ failure: 'loadFailed', openAdd: false });
    });

    it('waits for the lead: without one it keeps the wish and shows the list', () => {
      const { actor } = start(null, {}, true);
      expect(actor.getSnapshot().value).toBe('idle');
      expect(actor.getSnapshot().context.openAdd).toBe(true);
    });
  });

  describe('rules', () => {
    it('judges the new traveller before anything is sent', () => {
      expect(draftErrors(LUCIA)).toEqual({});
      expect(Object.keys(draftErrors({ ...LUCIA, firstName: '', relationship: 'cousin', nationality: 'Atlantis' })).sort()).toEqual(['firstName', 'nationality', 'relationship']);
      expect(draftErrors({ ...LUCIA, nationality: 'United States' }).nationality?.key).toBe('group:add.usCitizen');
    });

    it('has room for 50 travellers, and says who is done', () => {
      expect(hasRoom(null)).toBe(true);
      expect(hasRoom(group(Array.from({ length: 49 }, (_, i) => traveller(`t${i}`))))).toBe(true);
      expect(hasRoom(group(Array.from({ length: 50 }, (_, i) => traveller(`t${i}`))))).toBe(false);
      const rows = travellersOf({ leadId: 'b', group: group([traveller('a', { completionStatus: 'paid' }), traveller('b', { completionStatus: 'completed' }), traveller('c')]) });
      expect(rows.map((r) => [r.leadId, r.done, r.open])).toEqual([
        ['a', true, false],
        ['b', true, true],
        ['c', false, false],
      ]);
    });
  });

  describe('when starting', () => {
    it('asks for no group before there is a lead, and cannot add a traveller without one', async () => {
      const load = vi.fn(async () => null);
      const { actor } = start(null, { loadGroup: fromPromise(load) });
      expect(actor.getSnapshot().matches('idle')).toBe(true);
      expect(actor.getSnapshot().can({ type: 'ADD.OPEN' })).toBe(false);
      expect(actor.getSnapshot().can({ type: 'REFRESH' })).toBe(false);
      expect(load).not.toHaveBeenCalled();
    });

    it('says when the group could not be read', async () => {
      const { actor } = start('leader', { loadGroup: rejects({ status: 500 }) });
      await settle(actor);
      expect(actor.getSnapshot().context.failure).toBe('loadFailed');
    });
  });

  describe('when adding a traveller', () => {
    it('makes the group first, adds the traveller and opens their form', async () => {
      const { actor, opened, created, added } = start('leader');
      await settle(actor);
      actor.send({ type: 'ADD.OPEN' });
      for (const [field, value] of Object.entries(LUCIA)) actor.send({ type: 'FIELD.CHANGE', field: field as never, value });
      actor.send({ type: 'ADD.SUBMIT' });
      await settle(actor);
      expect(created).toHaveBeenCalledTimes(1);
      expect(added.mock.calls[0]?.[0].input).toEqual({ groupId: 'group-1', traveller: LUCIA });
      expect(actor.getSnapshot().matches('idle')).toBe(true);
      expect(actor.getSnapshot().context).toMatchObject({ added: 'lucia', failure: null });
      expect(opened).toHaveBeenCalledWith({ leadId: 'lucia', form: 'ESTA' });
    });

    it('does not make the group again once there is one', async () => {
      const { actor, created } = start('leader', { loadGroup: fromPromise(async () => group([traveller('leader')])) });
      await settle(actor);
      actor.send({ type: 'ADD.OPEN' });
      for (const [field, value] of Object.entries(LUCIA)) actor.send({ type: 'FIELD.CHANGE', field: field as never, value });
      actor.send({ type: 'ADD.SUBMIT' });
      await settle(actor);
      expect(created).not.toHaveBeenCalled();
    });

    it('shows the errors of an incomplete traveller and sends nothing', async () => {
      const { actor, added } = start('leader');
      await settle(actor);
      actor.send({ type: 'ADD.OPEN' });
      actor.send({ type: 'ADD.SUBMIT' });
      expect(actor.getSnapshot().matches({ adding: 'editing' })).toBe(true);
      expect(Object.keys(actor.getSnapshot().context.errors).sort()).toEqual(['firstName', 'lastName', 'nationality', 'relationship']);
      actor.send({ type: 'FIELD.CHANGE', field: 'firstName', value: 'Lucia' });
      expect(actor.getSnapshot().context.errors.firstName).toBeUndefined();
      expect(added).not.toHaveBeenCalled();
    });

    it.each([
      [{ status: 409, code: 'group_full' }, 'full'],
      [{ status: 409, code: 'group_ds160_full' }, 'ds160Full'],
      [{ status: 400 }, 'failed'],
      [{ status: 500 }, 'failed'],
    ])('returns to the form, keeping what was typed, when the server answers %o', async (error, failure) => {
      const { actor, opened } = start('leader', { addTraveller: rejects(error) });
      await settle(actor);
      actor.send({ type: 'ADD.OPEN' });
      for (const [field, value] of Object.entries(LUCIA)) actor.send({ type: 'FIELD.CHANGE', field: field as never, value });
      actor.send({ type: 'ADD.SUBMIT' });
      await settle(actor);
      expect(actor.getSnapshot().matches({ adding: 'editing' })).toBe(true);
      expect(actor.getSnapshot().context).toMatchObject({ failure, draft: LUCIA });
      expect(opened).not.toHaveBeenCalled();
    });

    it('cancels back to the panel, forgetting the draft', async () => {
      const { actor } = start('leader');
      await settle(actor);
      actor.send({ type: 'ADD.OPEN' });
      actor.send({ type: 'FIELD.CHANGE', field: 'firstName', value: 'Lucia' });
      actor.send({ type: 'ADD.CANCEL' });
      expect(actor.getSnapshot().matches('idle')).toBe(true);
      expect(actor.getSnapshot().context.draft.firstName).toBe('');
    });
  });

  describe('when moving between travellers', () => {
    it('opens another traveller of the group, never the one open or a stranger', async () => {
      const members = group([traveller('leader'), traveller('diego', { relationship: 'child', form: 'DS-160', position: 1 })]);
      const { actor, opened } = start('leader', { loadGroup: fromPromise(async () => members) });
      await settle(actor);
      actor.send({ type: 'TRAVELLER.OPEN', position: 0 });
      actor.send({ type: 'TRAVELLER.OPEN', position: 7 });
      expect(opened).not.toHaveBeenCalled();
      actor.send({ type: 'TRAVELLER.OPEN', position: 1 });
      expect(opened).toHaveBeenCalledWith({ leadId: 'diego', form: 'DS-160' });
    });

    it('removes a traveller who has not paid, never the leader', async () => {
      const members = group([
        traveller('leader'),
        traveller('eva', { relationship: 'friend', position: 1 }),
        traveller('paid', { relationship: 'friend', paymentStatus: 'paid', position: 2 }),
      ]);
      const remove = vi.fn(async (_args: { input: unknown }) => group([traveller('leader')]));
      const { actor } = start('leader', { loadGroup: fromPromise(async () => members), removeTraveller: fromPromise(remove) });
      await settle(actor);
      expect(actor.getSnapshot().can({ type: 'TRAVELLER.REMOVE', position: 0 })).toBe(false);
      expect(actor.getSnapshot().can({ type: 'TRAVELLER.REMOVE', position: 2 })).toBe(false);
      actor.send({ type: 'TRAVELLER.REMOVE', position: 1 });
      // One tap only asks (issue 45 item 4): Keep leaves the traveller, Confirm removes them.
      expect(actor.getSnapshot().matches('confirmingRemoval')).toBe(true);
      expect(actor.getSnapshot().context.removal).toBe('eva');
      expect(remove).not.toHaveBeenCalled();
      actor.send({ type: 'REMOVE.CANCEL' });
      expect(actor.getSnapshot().matches('idle')).toBe(true);
      expect(actor.getSnapshot().context.removal).toBeNull();
      expect(remove).not.toHaveBeenCalled();
      actor.send({ type: 'TRAVELLER.REMOVE', position: 1 });
      actor.send({ type: 'REMOVE.CONFIRM' });
      expect(remove.mock.calls[0]?.[0]).toMatchObject({ input: { groupId: 'group-1', leadId: 'eva' } });
      expect(actor.getSnapshot().hasTag('busy')).toBe(true);
      await settle(actor);
      expect(actor.getSnapshot().context.group?.travellers.map((t) => t.leadId)).toEqual(['leader']);
      expect(actor.getSnapshot().context.removal).toBeNull();
    });
  });
});
