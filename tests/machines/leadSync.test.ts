import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, createMachine, fromPromise } from 'xstate';
import {
  changedGroups,
  leadSyncMachine,
  mergeGroups,
  retryDelay,
  type LeadCapture,
  type LeadCaptured,
  type LeadGroups,
  type LeadSave,
  type LeadSyncInput,
  type LeadSyncReport,
} from '../../machines/leadSync.machine';

const CAPTURE: LeadCapture = { email: 'ana@example.com', firstName: 'Ana', lastName: '', formType: 'DS-160', nationality: '' };
const VALUES: LeadGroups = { 'personal-info': { firstName: 'Ana' }, 'address-phone': { emailAddress: 'ana@example.com' } };

function start(input: LeadSyncInput) {
  const capture = vi.fn<(input: LeadCapture) => Promise<{ leadId: string; existing: boolean }>>(async () => ({ leadId: 'L1', existing: false }));
  const save = vi.fn<(input: LeadSave) => Promise<unknown>>(async () => null);
  const told: LeadSyncReport[] = [];
  const machine = leadSyncMachine.provide({
    actors: {
      capture: fromPromise<{ leadId: string; existing: boolean }, LeadCapture>(({ input }) => capture(input)),
      save: fromPromise<unknown, LeadSave>(({ input }) => save(input)),
    },
    actions: { report: (_, report) => void told.push(report) },
  });
  const actor = createActor(machine, { input });
  actor.start();
  return { actor, capture, save, told };
}

const change = (values: LeadGroups, extra: { typing?: boolean } = {}) => ({ type: 'CHANGE' as const, values, capture: CAPTURE, ...extra });

describe('the diff and merge both wizards use', () => {
  it('keeps only the fields that differ, by group, comparing lists whole', () => {
    const values = { a: { x: 1, list: [{ n: 1 }], same: 'y' }, b: { z: 'new' }, c: {} };
    const synced = { a: { x: 2, list: [{ n: 1 }], same: 'y' } };
    expect(changedGroups(values, synced)).toEqual({ a: { x: 1 }, b: { z: 'new' } });
    expect(changedGroups(values, values)).toEqual({});
  });

  it('merges a save field by field into what the server had', () => {
    expect(mergeGroups({ a: { x: 1, y: 2 }, b: { z: 3 } }, { a: { y: 9 }, c: { w: 4 } })).toEqual({ a: { x: 1, y: 9 }, b: { z: 3 }, c: { w: 4 } });
  });

  it('waits 2, 4, 8… seconds after each failure in a row, a minute at most', () => {
    expect([0, 1, 2, 3, 5, 6, 10].map(retryDelay)).toEqual([2000, 2000, 4000, 8000, 32000, 60000, 60000]);
  });
});

describe('in the background (the ten-section form)', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('captures when typing pauses, and each keystroke starts the pause again', async () => {
    const { actor, capture, told } = start({ values: VALUES, capture: CAPTURE, autosaveMs: 1500 });
    await vi.advanceTimersByTimeAsync(1000);
    actor.send(change(VALUES, { typing: true }));
    await vi.advanceTimersByTimeAsync(1000);
    expect(capture).not.toHaveBeenCalled();
    // A change that is not typing (a row added) leaves the pause running.
    actor.send(change(VALUES));
    await vi.advanceTimersByTimeAsync(500);
    expect(capture).toHaveBeenCalledWith(CAPTURE);
    await vi.advanceTimersByTimeAsync(0);
    expect(actor.getSnapshot().context.leadId).toBe('L1');
    expect(told).toEqual([{ type: 'LEAD.CAPTURING' }, { type: 'LEAD.CAPTURED', leadId: 'L1', existing: false }]);
  });

  it('captures at once when due, and saves a due group at once', async () => {
    const { actor, capture, save } = start({ values: VALUES, capture: CAPTURE, autosaveMs: 1500, due: { capture: true, groups: ['address-phone'] } });
    expect(capture).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(0);
    // The capture made the lead; the due group goes at once, the rest when typing pauses.
    expect(save).toHaveBeenCalledWith({ leadId: 'L1', changes: VALUES });
    await vi.advanceTimersByTimeAsync(0);
    expect(actor.getSnapshot().context.synced).toEqual(VALUES);
    actor.send(change({ ...VALUES, 'personal-info': { firstName: 'Ana Maria' } }, { typing: true }));
    expect(save).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1500);
    expect(save).toHaveBeenLastCalledWith({ leadId: 'L1', changes: { 'personal-info': { firstName: 'Ana Maria' } } });
  });

  it('holds what is in flight apart: changes made meanwhile go with the next save', async () => {
    const { actor, save, told } = start({ leadId: 'L1', values: VALUES, synced: {}, capture: CAPTURE, autosaveMs: 1500, due: { capture: true, groups: ['address-phone'] } });
    let answer!: (value: unknown) => void;
    save.mockReturnValueOnce(new Promise((resolve) => (answer = resolve)));
    actor.send({ type: 'SYNC' });
    expect(actor.getSnapshot().hasTag('saving')).toBe(true);
    const later = { ...VALUES, 'address-phone': { emailAddress: 'ana@example.com', homeCity: 'Lima' } };
    actor.send(change(later));
    expect(actor.getSnapshot().context.pending).toEqual(VALUES);
    answer(null);
    await vi.advanceTimersByTimeAsync(0);
    expect(save).toHaveBeenLastCalledWith({ leadId: 'L1', changes: { 'address-phone': { homeCity: 'Lima' } } });
    expect(told.filter((r) => r.type === 'LEAD.SAVED')[0]).toEqual({ type: 'LEAD.SAVED', synced: VALUES });
  });

  it('counts failures, says how many, and retries with a growing wait', async () => {
    const { actor, capture, told } = start({ values: VALUES, capture: CAPTURE, autosaveMs: 1500 });
    capture.mockRejectedValueOnce(new Error('offline')).mockRejectedValueOnce(new Error('offline'));
    await vi.advanceTimersByTimeAsync(1500);
    expect(actor.getSnapshot().value).toBe('failed');
    expect(told.at(-1)).toEqual({ type: 'LEAD.FAILED', error: new Error('offline'), failures: 1 });
    await vi.advanceTimersByTimeAsync(retryDelay(1) - 1);
    expect(actor.getSnapshot().value).toBe('failed');
    await vi.advanceTimersByTimeAsync(1 + 1500);
    expect(told.at(-1)).toMatchObject({ type: 'LEAD.FAILED', failures: 2 });
    // The applicant's Retry does not wait.
    actor.send({ type: 'RETRY' });
    expect(told.at(-1)).toEqual({ type: 'LEAD.IDLE' });
    await vi.advanceTimersByTimeAsync(1500);
    expect(actor.getSnapshot().context).toMatchObject({ leadId: 'L1', failures: 0 });
  });

  it('forgets what was in flight when another application replaces this one', async () => {
    const { actor, capture, told } = start({ values: VALUES, capture: CAPTURE, autosaveMs: 1500, due: { capture: true, groups: [] } });
    capture.mockReturnValueOnce(new Promise(() => {}));
    expect(told).toEqual([{ type: 'LEAD.CAPTURING' }]);
    actor.send({ type: 'RESET', leadId: 'L9', values: VALUES, synced: VALUES });
    expect(actor.getSnapshot().value).toBe('idle');
    expect(actor.getSnapshot().context).toMatchObject({ leadId: 'L9', synced: VALUES, capture: null, pending: null });
    // The wizard hears it, so its save indicator (and a submit waiting on it) does not wait for the forgotten call.
    expect(told.at(-1)).toEqual({ type: 'LEAD.IDLE' });
  });
});

describe('on request (the question wizards)', () => {
  it('does nothing until asked, then captures, then saves only what changed', async () => {
    const { actor, capture, save } = start({ values: { answers: { email: 'ana@example.com' } }, capture: CAPTURE });
    await new Promise((r) => setTimeout(r, 5));
    expect(capture).not.toHaveBeenCalled();
    actor.send({ type: 'SYNC' });
    await vi.waitFor(() => expect(actor.getSnapshot().context.leadId).toBe('L1'));
    expect(save).not.toHaveBeenCalled();
    actor.send(change({ answers: { email: 'ana@example.com', phone: '+1 555' } }));
    actor.send({ type: 'SYNC' });
    expect(save).toHaveBeenCalledWith({ leadId: 'L1', changes: { answers: { email: 'ana@example.com', phone: '+1 555' } } });
    await vi.waitFor(() => expect(actor.getSnapshot().value).toBe('idle'));
    actor.send({ type: 'SYNC' });
    expect(save).toHaveBeenCalledTimes(1);
  });

  it('starts no second call while one is in flight, and waits for the next request after a failure', async () => {
    const { actor, capture } = start({ values: VALUES, capture: CAPTURE });
    let fail!: (error: unknown) => void;
    capture.mockReturnValueOnce(new Promise((_, reject) => (fail = reject)));
    actor.send({ type: 'SYNC' });
    actor.send({ type: 'SYNC' });
    expect(capture).toHaveBeenCalledTimes(1);
    fail(new Error('offline'));
    await vi.waitFor(() => expect(actor.getSnapshot().value).toBe('failed'));
    await new Promise((r) => setTimeout(r, 20));
    expect(actor.getSnapshot().value).toBe('failed');
    actor.send({ type: 'SYNC' });
    expect(capture).toHaveBeenCalledTimes(2);
  });
});

it('tells the wizard that invoked it', async () => {
  const heard: string[] = [];
  const parent = createMachine({
    invoke: { id: 'sync', src: 'sync', input: { values: VALUES, capture: CAPTURE, due: { capture: true, groups: [] } } },
    on: { '*': { actions: ({ event }) => void heard.push(event.type) } },
  }).provide({
    actors: {
      sync: leadSyncMachine.provide({ actors: { capture: fromPromise<LeadCaptured, LeadCapture>(async () => ({ leadId: 'L1', existing: true })) } }),
    },
  });
  const actor = createActor(parent);
  actor.start();
  await vi.waitFor(() => expect(heard).toContain('LEAD.CAPTURED'));
  expect(heard.filter((t) => t.startsWith('LEAD.'))).toEqual(['LEAD.CAPTURING', 'LEAD.CAPTURED']);
});
