import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createActor, type AnyActorRef } from 'xstate';
import { birthDateSaved } from '../../machines/domain/groupHandOff';
import { estaCatalog } from '../../machines/domain/catalogs';
import { ds160FormMachine } from '../../machines/ds160Form.machine';
import type { WorldEffect } from '../../machines/effects';
import { questionWizardMachine } from '../../machines/questionWizard.machine';

// Issue 45 item 10: the group panel hears of a birth date the form beside it saved from the form's machine (a
// `handOff` to its flow), not from an effect of the page; only a changed birth date is news.

const date = fc.option(fc.date({ min: new Date('1920-01-01'), max: new Date('2026-01-01'), noInvalidDate: true }).map((d) => d.toISOString().slice(0, 10)), { nil: undefined });
const other = fc.dictionary(fc.constantFrom('first-name', 'email', 'home-address'), fc.string({ maxLength: 8 }));
const withDate = (answers: Record<string, string>, birthDate: string | undefined) => (birthDate === undefined ? answers : { ...answers, 'birth-date': birthDate });

describe('a birth date handed to the group panel', () => {
  it('goes to the panel exactly when the saved birth date changed, with the new one, whatever else changed', () => {
    fc.assert(
      fc.property(date, date, other, other, (before, after, answersBefore, answersAfter) => {
        const esta = birthDateSaved('ESTA', withDate(answersBefore, before), withDate(answersAfter, after));
        const ds160 = birthDateSaved('DS-160', { 'personal-info': before === undefined ? {} : { birthDate: before } }, { 'personal-info': after === undefined ? {} : { birthDate: after } });
        const expected = (before ?? '') === (after ?? '') ? null : { type: 'handOff', flow: 'travellerGroup', event: { type: 'FORM.SAVED', birthDate: after ?? '' } };
        expect(esta).toEqual(expected);
        expect(ds160).toEqual(expected);
      }),
      { numRuns: 200 },
    );
  });
});

const handOffs = (actor: AnyActorRef) => {
  const seen: WorldEffect[] = [];
  actor.on('*', (effect) => void seen.push(effect as WorldEffect));
  return () => seen.filter((e) => e.type === 'handOff');
};

describe("the forms' machines", () => {
  it('the ten-section form hands a newly saved birth date to the panel, once', () => {
    const actor = createActor(ds160FormMachine, { input: { today: '2026-06-15', leadId: 'lead-1', synced: { 'personal-info': { birthDate: '1980-01-01' } } } });
    const seen = handOffs(actor);
    actor.start();
    actor.send({ type: 'LEAD.SAVED', synced: { 'personal-info': { birthDate: '1980-01-01', firstName: 'Ana' } } });
    expect(seen()).toEqual([]);
    actor.send({ type: 'LEAD.SAVED', synced: { 'personal-info': { birthDate: '2015-05-05' } } });
    actor.send({ type: 'LEAD.SAVED', synced: { 'personal-info': { birthDate: '2015-05-05' } } });
    expect(seen()).toEqual([{ type: 'handOff', flow: 'travellerGroup', event: { type: 'FORM.SAVED', birthDate: '2015-05-05' } }]);
    actor.stop();
  });

  it('the ESTA wizard hands it too; another catalogue never does', () => {
    for (const catalog of [estaCatalog, { ...estaCatalog, formType: 'PRE-ASSESSMENT' as const }]) {
      const actor = createActor(questionWizardMachine, { input: { catalog, today: '2026-06-15', leadId: 'lead-1', synced: { 'birth-date': '1980-01-01' } } as never });
      const seen = handOffs(actor);
      actor.start();
      actor.send({ type: 'LEAD.SAVING' } as never);
      actor.send({ type: 'LEAD.SAVED', synced: { answers: { 'birth-date': '2015-05-05' } } } as never);
      expect(seen()).toEqual(catalog.formType === 'ESTA' ? [{ type: 'handOff', flow: 'travellerGroup', event: { type: 'FORM.SAVED', birthDate: '2015-05-05' } }] : []);
      actor.stop();
    }
  });
});
