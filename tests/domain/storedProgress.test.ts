import { beforeEach, describe, expect, it } from 'vitest';
import { handOffToDs160, readForm, readWizard, startWizardWith, writeWizard } from '../../client/app/wizard/storedProgress';

// What the wizards keep in the browser is read back part by part against one schema each (issue 35): a part
// this app did not write is dropped, the rest kept, and nothing read is ever trusted as it came.
const store = new Map<string, string>();
const localStorage = { getItem: (k: string) => store.get(k) ?? null, setItem: (k: string, v: string) => void store.set(k, v), removeItem: (k: string) => void store.delete(k) };
(globalThis as { window?: unknown }).window = { localStorage, addEventListener: () => {} };
(globalThis as { document?: unknown }).document ??= { addEventListener: () => {} };

beforeEach(() => store.clear());

describe('a question wizard’s stored progress', () => {
  it('reads back what it wrote', () => {
    writeWizard('esta', { answers: { email: 'a@b.co' }, currentId: 'first-name', leadId: 'L1', synced: { email: 'a@b.co' } });
    expect(readWizard('esta')).toEqual({ answers: { email: 'a@b.co' }, currentId: 'first-name', leadId: 'L1', synced: { email: 'a@b.co' } });
  });

  it('drops the parts that are not its format and keeps the rest', () => {
    store.set('rumbo-wizard-esta', JSON.stringify({ answers: { email: 'a@b.co', age: 3 }, currentId: 7, leadId: 'L1', synced: 'x', extra: true }));
    expect(readWizard('esta')).toEqual({ leadId: 'L1' });
    store.set('rumbo-wizard-esta', '{not json');
    expect(readWizard('esta')).toEqual({});
    store.set('rumbo-wizard-esta', '[1,2]');
    expect(readWizard('esta')).toEqual({});
  });

  it('opens on the first question after a hand-over, and where the server’s answers stop after Continue', () => {
    startWizardWith('esta', { email: 'a@b.co' });
    expect(readWizard('esta')).toEqual({ answers: { email: 'a@b.co' }, leadId: null, synced: {} });
    startWizardWith('esta', { email: 'a@b.co' }, { leadId: 'L2', currentId: 'first-name' });
    expect(readWizard('esta')).toEqual({ answers: { email: 'a@b.co' }, currentId: 'first-name', leadId: 'L2', synced: { email: 'a@b.co' } });
  });
});

describe('the ten-section form’s stored progress', () => {
  it('keeps only the sections the form knows, a whole section index and a lead', () => {
    store.set(
      'rumbo-ds160-form',
      JSON.stringify({ values: { 'personal-info': { firstName: 'Ana' }, nonsense: { a: 1 } }, synced: {}, current: 2, completed: ['personal-info', 'nope'], leadId: '' }),
    );
    expect(readForm()).toEqual({ values: { 'personal-info': { firstName: 'Ana' } }, synced: {}, current: 2, completed: ['personal-info'] });
    store.set('rumbo-ds160-form', JSON.stringify({ current: 1.5, values: [] }));
    expect(readForm()).toEqual({});
  });

  it('takes a chat’s answers only when no form was begun in this browser', () => {
    handOffToDs160({ 'personal-info': { firstName: 'Ana' } });
    expect(readForm().values).toEqual({ 'personal-info': { firstName: 'Ana' } });
    handOffToDs160({ 'personal-info': { firstName: 'Other' } });
    expect(readForm().values).toEqual({ 'personal-info': { firstName: 'Ana' } });
  });
});
