import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import { languageMachine } from '../../machines/language.machine';
import { effectsOf, startHeard } from './emitted';
import { toastMachine } from '../../machines/toast.machine';

describe('language', () => {
  const detect = (input: { stored: string | null; browserLanguages: string[]; timeZone?: string }) =>
    createActor(languageMachine, { input: { timeZone: undefined, ...input } }).start().getSnapshot().context;

  it('prefers the stored choice, then the browser, then the time zone, then English', () => {
    expect(detect({ stored: 'fr', browserLanguages: ['es-MX'], timeZone: 'Europe/Lisbon' })).toMatchObject({ language: 'fr', source: 'stored' });
    expect(detect({ stored: null, browserLanguages: ['es-MX'], timeZone: 'Europe/Lisbon' })).toMatchObject({ language: 'es', source: 'browser' });
    expect(detect({ stored: 'xx', browserLanguages: ['de'], timeZone: 'Europe/Lisbon' })).toMatchObject({ language: 'pt', source: 'timeZone' });
    expect(detect({ stored: null, browserLanguages: ['de'], timeZone: 'Asia/Tokyo' })).toMatchObject({ language: 'en', source: 'default' });
  });

  it('applies the detected language and saves a change at once', () => {
    const actor = startHeard(languageMachine, { stored: null, browserLanguages: ['en-US'], timeZone: undefined });
    expect(actor.effects).toEqual([{ type: 'applyLanguage', language: 'en' }]);
    actor.send({ type: 'LANGUAGE.CHANGE', language: 'pt' });
    expect(effectsOf(actor.effects, 'store')).toEqual([{ type: 'store', area: 'local', values: { 'rumbo-language': 'pt' } }]);
    expect(effectsOf(actor.effects, 'applyLanguage').at(-1)).toEqual({ type: 'applyLanguage', language: 'pt' });
    expect(actor.getSnapshot().context).toMatchObject({ language: 'pt', source: 'chosen' });
  });

  it('ignores unsupported languages', () => {
    const actor = createActor(languageMachine, { input: { stored: 'es', browserLanguages: [], timeZone: undefined } }).start();
    actor.send({ type: 'LANGUAGE.CHANGE', language: 'de' });
    expect(actor.getSnapshot().context.language).toBe('es');
  });
});

describe('toast', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('shows one toast at a time; a newer one replaces it', () => {
    const actor = createActor(toastMachine).start();
    actor.send({ type: 'TOAST.SHOW', toast: { title: 'first' } });
    actor.send({ type: 'TOAST.SHOW', toast: { title: 'second' } });
    expect(actor.getSnapshot().context.current).toMatchObject({ title: 'second', duration: 5000, variant: 'default' });
  });

  it('hides after 5000 ms by default, or after the duration asked for', () => {
    const actor = createActor(toastMachine).start();
    actor.send({ type: 'TOAST.SHOW', toast: { title: 'saved', duration: 2000 } });
    vi.advanceTimersByTime(1999);
    expect(actor.getSnapshot().matches('visible')).toBe(true);
    vi.advanceTimersByTime(1);
    expect(actor.getSnapshot().matches('hidden')).toBe(true);
    actor.send({ type: 'TOAST.SHOW', toast: { title: 'default' } });
    vi.advanceTimersByTime(4999);
    expect(actor.getSnapshot().matches('visible')).toBe(true);
    vi.advanceTimersByTime(1);
    expect(actor.getSnapshot().context.current).toBeNull();
  });

  it('restarts the timer when replaced, and dismisses on demand', () => {
    const actor = createActor(toastMachine).start();
    actor.send({ type: 'TOAST.SHOW', toast: { title: 'a' } });
    vi.advanceTimersByTime(4000);
    actor.send({ type: 'TOAST.SHOW', toast: { title: 'b' } });
    vi.advanceTimersByTime(4000);
    expect(actor.getSnapshot().context.current?.title).toBe('b');
    actor.send({ type: 'TOAST.DISMISS' });
    expect(actor.getSnapshot().matches('hidden')).toBe(true);
  });
});
