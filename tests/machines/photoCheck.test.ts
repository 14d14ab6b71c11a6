import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, waitFor, type AnyActorRef } from 'xstate';
import { photoViewOf } from '../../machines/photoCheck.view';
import { photoCheckMachine, type PhotoCheckInput, type StoreInput } from '../../machines/photoCheck.machine';
import type { FixedPhoto, PhotoAnalysis } from '../../openapi/schemas/photo';

const settle = (actor: AnyActorRef) => waitFor(actor, (s) => !s.hasTag('busy'));
const resolves = <T,>(value: T): any => fromPromise(async () => value);
const rejects = (error: unknown): any =>
  fromPromise(async () => {
    throw error;
  });

const JPEG = { name: 'me.jpg', type: 'image/jpeg', size: 200_000 };
const ANALYSIS = { isValid: false, overallScore: 55, recommendation: 'reject', issues: [], requirements: [], feedback: '', image: { format: 'png', width: 1000, height: 700, bytes: 1 } } as PhotoAnalysis;
const FIXED = { imageData: 'data:image/jpeg;base64,AAAA', changes: [{ type: 'crop', description: 'Cropped square' }], analysis: { ...ANALYSIS, isValid: true } } as FixedPhoto;

function start(input: PhotoCheckInput = { leadId: 'lead-1' }, actors: Record<string, unknown> = {}) {
  const chosen = vi.fn();
  const announced = vi.fn();
  const failed = vi.fn();
  const store = vi.fn(async ({ input: stored }: { input: StoreInput }) => ({ photoId: stored.fixedImage ? 'fixed-photo' : 'original-photo', contentType: 'image/jpeg', width: 600, height: 600, bytes: 1 }));
  const actor = createActor(
    photoCheckMachine.provide({
      actors: { analyzePhoto: resolves(ANALYSIS), fixPhoto: resolves(FIXED), storePhoto: fromPromise(store), ...actors } as never,
    }),
    { input },
  );
  // What it emits: the kept photo handed to the form's photo field (none kept: the field emptied), and its toasts.
  actor.on('handOff', (effect) => {
    expect(effect.flow).toBe('ds160Form');
    expect(effect.event).toMatchObject({ type: 'FIELD.CHANGE', field: input.field ?? 'photoId' });
    chosen(effect.event.value === '' ? null : effect.event.value);
  });
  actor.on('toast', ({ toast }) => {
    if (toast.title === 'ds160form:toasts.photoIssues.title') announced(toast.params?.score);
    else if (toast.title === 'ds160form:toasts.photoApproved.title') announced('approved');
    else if (toast.title === 'ds160form:toasts.error' && toast.description === 'ds160form:toasts.photoFailed' && toast.variant === 'destructive') failed();
    else throw new Error(`an unexpected toast: ${toast.title}`);
  });
  actor.start();
  return { actor, chosen, announced, failed, store };
}

describe('photoCheck', () => {
  it('checks, fixes and keeps the fixed photo with the lead, telling the form its id', async () => {
    const { actor, chosen, announced, store } = start();
    actor.send({ type: 'ANALYZE' });
    expect(actor.getSnapshot().matches({ ready: 'empty' })).toBe(true);
    actor.send({ type: 'PICK', file: JPEG });
    actor.send({ type: 'ANALYZE' });
    expect(actor.getSnapshot().hasTag('busy')).toBe(true);
    await settle(actor);
    expect(announced).toHaveBeenCalledWith(55);
    actor.send({ type: 'FIX' });
    await settle(actor);
    expect(actor.getSnapshot().matches({ ready: 'comparing' })).toBe(true);
    actor.send({ type: 'CHOOSE', version: 'fixed' });
    await settle(actor);
    expect(store.mock.calls[0]?.[0].input).toEqual({ file: JPEG, fixedImage: FIXED.imageData, leadId: 'lead-1' });
    expect(actor.getSnapshot().matches({ ready: 'kept' })).toBe(true);
    expect(chosen.mock.calls).toEqual([['fixed-photo']]);
  });

  it('keeps the original when the applicant prefers it after the fix', async () => {
    const { actor, chosen, store } = start();
    actor.send({ type: 'PICK', file: JPEG });
    actor.send({ type: 'ANALYZE' });
    await settle(actor);
    actor.send({ type: 'FIX' });
    await settle(actor);
    actor.send({ type: 'CHOOSE', version: 'original' });
    await settle(actor);
    expect(store.mock.calls[0]?.[0].input.fixedImage).toBeNull();
    expect(chosen.mock.calls).toEqual([['original-photo']]);
  });

  it('refuses a file of another type or over 3 MB with the rule’s message and keeps what was there', () => {
    const { actor } = start();
    actor.send({ type: 'PICK', file: JPEG });
    actor.send({ type: 'PICK', file: { name: 'cv.pdf', type: 'application/pdf', size: 10 } });
    expect(actor.getSnapshot().context.problem?.key).toBe('ds160form:validation.photoFile.type');
    expect(actor.getSnapshot().context.file).toBe(JPEG);
    actor.send({ type: 'PICK', file: { ...JPEG, size: 3 * 1024 * 1024 + 1 } });
    expect(actor.getSnapshot().context.problem?.key).toBe('ds160form:validation.photoFile.size');
    actor.send({ type: 'PICK', file: { name: 'IMG_0001.HEIC', type: '', size: 10 } });
    expect(actor.getSnapshot().context.problem).toBeNull();
    expect(actor.getSnapshot().matches({ ready: 'picked' })).toBe(true);
  });

  it('says a HEIC the server cannot read is the problem, without the generic failure toast', async () => {
    const { actor, failed } = start({}, { analyzePhoto: rejects({ status: 400, code: 'photo_heic_unsupported' }) });
    actor.send({ type: 'PICK', file: { name: 'IMG.HEIC', type: 'image/heic', size: 10 } });
    actor.send({ type: 'ANALYZE' });
    await settle(actor);
    expect(actor.getSnapshot().context.failure).toBe('heic');
    expect(failed).not.toHaveBeenCalled();
  });

  it('announces a check that could not run and lets the applicant try again', async () => {
    const { actor, failed } = start({}, { analyzePhoto: rejects(new Error('offline')) });
    actor.send({ type: 'PICK', file: JPEG });
    actor.send({ type: 'ANALYZE' });
    await settle(actor);
    expect(failed).toHaveBeenCalledOnce();
    expect(actor.getSnapshot().context.failure).toBe('analyze');
    expect(actor.getSnapshot().can({ type: 'ANALYZE' })).toBe(true);
  });

  it('stays where it was when keeping fails, and takes the kept photo back on a new pick or a removal', async () => {
    const { actor, chosen } = start({ photoId: 'kept-before', leadId: 'lead-1' }, { storePhoto: rejects(new Error('offline')) });
    expect(actor.getSnapshot().matches({ ready: 'kept' })).toBe(true);
    actor.send({ type: 'PICK', file: JPEG });
    expect(chosen.mock.calls).toEqual([[null]]);
    actor.send({ type: 'ANALYZE' });
    await settle(actor);
    actor.send({ type: 'CHOOSE', version: 'original' });
    await settle(actor);
    expect(actor.getSnapshot().matches({ ready: 'analysed' })).toBe(true);
    expect(actor.getSnapshot().context.failure).toBe('store');
    actor.send({ type: 'REMOVE' });
    expect(actor.getSnapshot().matches({ ready: 'empty' })).toBe(true);
    expect(chosen.mock.calls).toEqual([[null]]);
  });

  it('ignores a new pick while the photo is being sent', () => {
    const { actor } = start({}, { analyzePhoto: fromPromise(() => new Promise(() => {})) });
    actor.send({ type: 'PICK', file: JPEG });
    actor.send({ type: 'ANALYZE' });
    actor.send({ type: 'PICK', file: { ...JPEG, name: 'other.jpg' } });
    actor.send({ type: 'REMOVE' });
    expect(actor.getSnapshot().matches('analysing')).toBe(true);
    expect(actor.getSnapshot().context.file).toBe(JPEG);
  });
});

describe('photoViewOf, what the field renders', () => {
  it('follows the photo from picked to analysing to analysed, with the state for data-state', async () => {
    let answer: (value: PhotoAnalysis) => void = () => {};
    const { actor } = start({ leadId: 'lead-1' }, { analyzePhoto: fromPromise(() => new Promise<PhotoAnalysis>((resolve) => (answer = resolve))) });
    actor.send({ type: 'PICK', file: JPEG });
    expect(photoViewOf(actor.getSnapshot())).toMatchObject({ picked: true, kept: false, working: null, busy: false, state: JSON.stringify({ ready: 'picked' }) });
    actor.send({ type: 'ANALYZE' });
    expect(photoViewOf(actor.getSnapshot())).toMatchObject({ picked: false, working: 'analysing', busy: true });
    answer(ANALYSIS);
    await settle(actor);
    const view = photoViewOf(actor.getSnapshot());
    expect(view).toMatchObject({ analysed: true, working: null });
    expect(view.context.analysis).toEqual(ANALYSIS);
  });
});
