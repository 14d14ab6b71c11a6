// The one home of what the wizards keep in this browser between visits (issue 35): a question wizard's progress (per
// catalog) and the ten-section form's. Each format is one TypeBox schema; what is read back is checked part by part,
// so a part this app did not write (an older format, a hand edit) is dropped and the rest kept. Flows read it as their
// input (the door's `kept`) and write it by emitting `store` (machines/effects.ts).
import { Type, type TObject, type TProperties } from 'typebox';
import { Value } from 'typebox/value';
import type { WorldEffect } from '../effects';
import { isDs160Section, type FormValues, type PersistedForm } from './ds160Form';
import { DS160_FORM_STORAGE_KEY, wizardStorageKey } from './storageKeys';
import type { PersistedProgress } from './wizardProgress';

/** What the browser keeps, as the door reads it (machines/flow.ts `World.kept`). */
export type Kept = (area: 'local', key: string) => string | null;

const Answers = Type.Record(Type.String(), Type.String());
const Id = Type.Union([Type.String({ minLength: 1 }), Type.Null()]);

/** A question wizard's progress: its answers, the question on screen (null: the first unanswered), its lead. */
export const StoredWizard = Type.Object({ answers: Answers, currentId: Id, leadId: Id, synced: Answers });

const Sections = Type.Record(Type.String(), Type.Record(Type.String(), Type.Unknown()));

/** The ten-section form: every section's values, the section on screen, those completed, its lead. */
export const StoredForm = Type.Object({
  values: Sections,
  synced: Sections,
  current: Type.Integer({ minimum: 0 }),
  completed: Type.Array(Type.String()),
  leadId: Id,
});

/** The parts of a stored object that match their schema; nothing when storage is empty or unreadable. */
function readParts<P extends TProperties>(schema: TObject<P>, text: string | null): Record<string, unknown> {
  let saved: unknown;
  try {
    saved = JSON.parse(text ?? 'null');
  } catch {
    return {};
  }
  if (!saved || typeof saved !== 'object' || Array.isArray(saved)) return {};
  const parts = Object.entries(saved as Record<string, unknown>).filter(([name, value]) => Object.hasOwn(schema.properties, name) && Value.Check(schema.properties[name] as P[string], value));
  return Object.fromEntries(parts);
}

/** A question wizard's saved progress. */
export function keptWizard(kept: Kept, catalogId: string): Partial<PersistedProgress> {
  const { currentId, leadId, ...rest } = readParts(StoredWizard, kept('local', wizardStorageKey(catalogId))) as Partial<{
    answers: Record<string, string>;
    synced: Record<string, string>;
    currentId: string | null;
    leadId: string | null;
  }>;
  return { ...rest, ...(currentId ? { currentId } : {}), ...(leadId !== undefined ? { leadId } : {}) };
}

/** Keeps a question wizard's progress (null forgets it). */
export const storeWizard = (catalogId: string, progress: PersistedProgress | null): WorldEffect => ({
  type: 'store',
  area: 'local',
  values: { [wizardStorageKey(catalogId)]: progress === null ? null : JSON.stringify(progress) },
});

/**
 * Opens a question wizard, on its next visit, with these answers: a hand-over from another form (nothing synced,
 * no lead, the first question) or the dashboard's Continue (the server's answers, already synced, its lead and the
 * question where they stop).
 */
export function startWizardWith(catalogId: string, answers: Record<string, string>, from: { leadId: string; currentId: string | null } | null = null): WorldEffect {
  const stored = { answers, currentId: from?.currentId ?? null, leadId: from?.leadId ?? null, synced: from ? answers : {} };
  return { type: 'store', area: 'local', values: { [wizardStorageKey(catalogId)]: JSON.stringify(stored) } };
}

/** Only sections the form knows. */
const knownSections = (values: Record<string, unknown>) => Object.fromEntries(Object.entries(values).filter(([section]) => isDs160Section(section))) as FormValues;

/** The ten-section form as this browser left it. */
export function keptForm(kept: Kept): Partial<PersistedForm> {
  const { values, synced, completed, ...rest } = readParts(StoredForm, kept('local', DS160_FORM_STORAGE_KEY)) as Partial<{
    values: Record<string, unknown>;
    synced: Record<string, unknown>;
    completed: string[];
    current: number;
    leadId: string | null;
  }>;
  return {
    ...rest,
    ...(values ? { values: knownSections(values) } : {}),
    ...(synced ? { synced: knownSections(synced) } : {}),
    ...(completed ? { completed: completed.filter(isDs160Section) } : {}),
  };
}

/** Keeps the form as it is now (null forgets it), soon rather than at every keystroke. */
export const storeForm = (form: PersistedForm | null): WorldEffect =>
  form === null ? { type: 'store', area: 'local', values: { [DS160_FORM_STORAGE_KEY]: null } } : { type: 'store', area: 'local', values: { [DS160_FORM_STORAGE_KEY]: JSON.stringify(form) }, soon: true };

/**
 * Hands what a chat collected to the ten-section form, which opens with it filled in (issue 13). A form this browser
 * has already begun is never overwritten; nothing collected, nothing handed over.
 */
export function handOffToDs160(values: Record<string, Record<string, string>>): WorldEffect | null {
  if (Object.keys(values).length === 0) return null;
  const form: Partial<PersistedForm> = { values: knownSections(values), synced: {}, current: 0, completed: [] };
  return { type: 'store', area: 'local', values: { [DS160_FORM_STORAGE_KEY]: JSON.stringify(form) }, unlessKept: true };
}
