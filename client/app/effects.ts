// The one place the app touches the world for its flows (docs/DESIGN.md "How a flow is built", point 3): every machine
// says what it does with XState's `emit` (machines/effects.ts), and this handler, subscribed to every flow's actor
// by the door (client/app/useFlow.ts) and to the app's own actors (client/main.tsx), performs it.
import type { AnyActorRef } from 'xstate';
import type { StorageArea, WorldEffect } from '../../machines/effects';
import i18n from '../i18n';
import { LANGUAGE_STORAGE_KEY } from '../../machines/domain/language';
import { saveFile } from './saveFile';
import type { SessionActor } from './session';
import { refreshPrices, updateSiteData } from './siteData';
import { deferredWrite, readStorage, writeStorage } from './storage';
import type { ToastActor } from './toasts';

export interface EffectHandlers {
  toasts: ToastActor;
  /** The app's session, for a flow that signs in or out. */
  session?: SessionActor;
  /** The router's navigation; absent for the app's own actors, which never leave a page. */
  navigate?: (to: string, options: { replace: boolean }) => void;
}

/** The flows running on the page, by their registered name: where a hand-off goes (client/app/useFlow.ts registers them). */
const running = new Map<string, Set<AnyActorRef>>();

/** Lists a flow's actor among those running, until the returned function is called. */
export function runningFlow(name: string, actor: AnyActorRef): () => void {
  const actors = running.get(name) ?? new Set();
  actors.add(actor);
  running.set(name, actors);
  return () => {
    actors.delete(actor);
  };
}

/** Writers of values stored `soon`, one per key, so every keystroke's write replaces the one still waiting. */
const soonWriters = new Map<string, ReturnType<typeof deferredWrite<string | null>>>();

function writerOf(area: StorageArea, key: string) {
  const id = `${area}:${key}`;
  let writer = soonWriters.get(id);
  if (!writer) {
    writer = deferredWrite<string | null>(area, key, (value) => value ?? '');
    soonWriters.set(id, writer);
  }
  return writer;
}

/** Writes every value waiting to be stored: before another page reads storage, or when a flow stops. */
export function flushStored(): void {
  for (const writer of soonWriters.values()) writer.flush();
}

function store(area: StorageArea, key: string, value: string | null, soon: boolean): void {
  const waiting = soonWriters.get(`${area}:${key}`);
  if (soon && value !== null) {
    writerOf(area, key).write(value);
    return;
  }
  // Said at once: what was waiting for the same key is older than this.
  if (waiting) waiting.remove();
  writeStorage(area, key, value);
}

/** After the render that shows a form's errors: focus the first field with one (of a radio group, its chosen or first radio). */
function focusError(formId: string, attempt = 0): void {
  requestAnimationFrame(() => {
    const form = document.getElementById(formId);
    const invalid = form?.querySelector<HTMLElement>('[aria-invalid="true"], [data-invalid="true"]');
    if (!invalid) {
      if (attempt < 2) focusError(formId, attempt + 1);
      return;
    }
    const target = invalid.tagName === 'FIELDSET' ? (invalid.querySelector<HTMLElement>('input:checked') ?? invalid.querySelector<HTMLElement>('input') ?? invalid) : invalid;
    target.focus();
  });
}

function applyLanguage(language: string): void {
  document.documentElement.lang = language;
  // The server reads it to send the prerendered entry pages in this language (server/plugins/landing.ts).
  document.cookie = `${LANGUAGE_STORAGE_KEY}=${language}; path=/; max-age=31536000; samesite=lax`;
  void i18n.changeLanguage(language);
}

/** Performs one effect a flow raised. */
export function perform(effect: WorldEffect, handlers: EffectHandlers): void {
  switch (effect.type) {
    case 'navigate':
      // The next page may read what this one stored.
      flushStored();
      handlers.navigate?.(effect.to, { replace: effect.replace ?? false });
      return;
    case 'store':
      for (const [key, value] of Object.entries(effect.values)) {
        if (effect.unlessKept && readStorage(effect.area, key) !== null) continue;
        store(effect.area, key, value, effect.soon ?? false);
      }
      return;
    case 'toast':
      handlers.toasts.send({ type: 'TOAST.SHOW', toast: effect.toast });
      return;
    case 'download':
      saveFile(effect.file);
      return;
    case 'print':
      window.print();
      return;
    case 'signedIn':
      handlers.session?.send({ type: 'SIGNED_IN', account: effect.account });
      return;
    case 'signOut':
      handlers.session?.send({ type: 'SIGN_OUT' });
      return;
    case 'handOff':
      for (const actor of running.get(effect.flow) ?? []) actor.send(effect.event);
      return;
    case 'focusError':
      focusError(effect.form);
      return;
    case 'applyLanguage':
      applyLanguage(effect.language);
      return;
    case 'pricesChanged':
      refreshPrices();
      return;
    case 'brandingChanged':
      updateSiteData({ branding: effect.branding });
      return;
    case 'log':
      console.warn(effect.message, effect.error);
      return;
  }
}

/**
 * Performs what an actor emits, and what its child machines emit (a wizard's lead sync, the interview's voice
 * controls), from now until the returned function is called. Registered before the actor starts, so what it says
 * on entering its first state is heard.
 */
export function performEffects(actor: AnyActorRef, handlers: EffectHandlers): () => void {
  const subscriptions = [actor.on('*', (effect) => perform(effect as WorldEffect, handlers))];
  const heard = new WeakSet<AnyActorRef>([actor]);
  const followChildren = (snapshot: { children?: Record<string, AnyActorRef | undefined> }) => {
    for (const child of Object.values(snapshot.children ?? {})) {
      if (!child || heard.has(child)) continue;
      heard.add(child);
      subscriptions.push(child.on('*', (effect) => perform(effect as WorldEffect, handlers)));
      followChildren(child.getSnapshot() as never);
    }
  };
  const watching = actor.subscribe({ next: followChildren, error: () => {} });
  return () => {
    watching.unsubscribe();
    for (const s of subscriptions) s.unsubscribe();
  };
}
