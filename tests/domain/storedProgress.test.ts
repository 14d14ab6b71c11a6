import { describe, expect, it } from 'vitest';
import type { WorldEffect } from '../../machines/effects';
import { handOffToDs160, keptForm, keptWizard, startWizardWith, storeForm, storeWizard } from '../../machines/domain/keptForms';

// What the wizards keep in the browser is read back part by part against one schema each (issue 35): a part
// this app did not write is dropped, the rest kept, and nothing read is ever trusted as it came. Written as the
// flows emit it (a `store` effect), performed here as the app's handler would.
function browser() {
  const store = new Map<string, string>();
  const kept = (_: 'local', key: string) => store.get(key) ?? null;
  const perform = (effect: WorldEffect | null) => {
    if (effect?.type !== 'store') return;
    for (const [key, value] of Object.entries(effect.values)) {
      if (effect.unlessKept && store.has(key)) continue;
      if (value === null) store.delete(key);
      else store.set(key, value);
    }
  };
  return { store, kept, perform };
}

describe('a question wizard’s stored progress', () => {
  it('reads back what it wrote, and forgets it', () => {
    const { kept, perform } = browser();
    perform(storeWizard('esta', { answers: { email: 'a@b.co' }, currentId: 'first-name', leadId: 'L1', synced: { email: 'a@b.co' } }));
    expect(keptWizard(kept, 'esta')).toEqual({ answers: { email: 'a@b.co' }, currentId: 'first-name', leadId: 'L1', synced: { email: 'a@b.co' } });
    perform(storeWizard('esta', null));
    expect(keptWizard(kept, 'esta')).toEqual({});
  });

  it('drops the parts that are not its format and keeps the rest', () => {
    const { store, kept } = browser();
    store.set('rumbo-wizard-esta', JSON.stringify({ answers: { email: 'a@b.co', age: 3 }, currentId: 7, leadId: 'L1', synced: 'x', extra: true }));
    expect(keptWizard(kept, 'esta')).toEqual({ leadId: 'L1' });
    store.set('rumbo-wizard-esta', '{not json');
    expect(keptWizard(kept, 'esta')).toEqual({});
    store.set('rumbo-wizard-esta', '[1,2]');
    expect(keptWizard(kept, 'esta')).toEqual({});
  });

  it('opens on the first question after a hand-over, and where the server’s answers stop after Continue', () => {
    const { kept, perform } = browser();
    perform(startWizardWith('esta', { email: 'a@b.co' }));
    expect(keptWizard(kept, 'esta')).toEqual({ answers: { email: 'a@b.co' }, leadId: null, synced: {} });
    perform(startWizardWith('esta', { email: 'a@b.co' }, { leadId: 'L2', currentId: 'first-name' }));
    expect(keptWizard(kept, 'esta')).toEqual({ answers: { email: 'a@b.co' }, currentId: 'first-name', leadId: 'L2', synced: { email: 'a@b.co' } });
  });
});

describe('the ten-section form’s stored progress', () => {
  it('keeps only the sections the form knows, a whole section index and a lead', () => {
    const { store, kept } = browser();
    store.set(
      'rumbo-ds160-form',
      JSON.stringify({ values: { 'personal-info': { firstName: 'Ana' }, nonsense: { a: 1 } }, synced: {}, current: 2, completed: ['personal-info', 'nope'], leadId: '' }),
    );
    expect(keptForm(kept)).toEqual({ values: { 'personal-info': { firstName: 'Ana' } }, synced: {}, current: 2, completed: ['personal-info'] });
    store.set('rumbo-ds160-form', JSON.stringify({ current: 1.5, values: [] }));
    expect(keptForm(kept)).toEqual({});
  });

  it('is written soon (it changes at every keystroke), and forgotten at once', () => {
    const form = { values: {}, synced: {}, current: 0, completed: [], leadId: null };
    expect(storeForm(form)).toEqual({ type: 'store', area: 'local', values: { 'rumbo-ds160-form': JSON.stringify(form) }, soon: true });
    expect(storeForm(null)).toEqual({ type: 'store', area: 'local', values: { 'rumbo-ds160-form': null } });
  });

  it('takes a chat’s answers only when no form was begun in this browser, and only when there are some', () => {
    const { kept, perform } = browser();
    expect(handOffToDs160({})).toBeNull();
    perform(handOffToDs160({ 'personal-info': { firstName: 'Ana' } }));
    expect(keptForm(kept).values).toEqual({ 'personal-info': { firstName: 'Ana' } });
    perform(handOffToDs160({ 'personal-info': { firstName: 'Other' } }));
    expect(keptForm(kept).values).toEqual({ 'personal-info': { firstName: 'Ana' } });
  });
});
