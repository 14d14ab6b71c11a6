// What a flow does to the world, as its machine says it (XState's `emit`): one app-level handler performs every one
// of them (client/app/effects.ts), so a page holds no navigation, storage, download or toast of its own, a test of a
// machine asserts the events it emitted, and a reviewer finds every side effect of the app in one file.
import type { AnyEventObject } from 'xstate';
import type { Account } from './session.machine';
import type { ToastRequest } from './toast.machine';

/** A PDF the server made, ready for the browser to save. */
export interface SavedFile {
  fileName: string;
  bytes: Uint8Array;
}

export type StorageArea = 'local' | 'session';

export type WorldEffect =
  /** Another page of the app (or the same page at another address); `replace` keeps Back from returning here. */
  | { type: 'navigate'; to: string; replace?: boolean }
  /**
   * Values kept in this browser, by key (null removes one). `soon`: written after a short pause, or at once when the
   * page is left, for what changes with every keystroke (a form's answers). `unlessKept`: only where nothing is kept
   * yet (a hand-over never overwrites what the applicant began).
   */
  | { type: 'store'; area: StorageArea; values: Record<string, string | null>; soon?: boolean; unlessKept?: boolean }
  /** A toast, by translation keys. */
  | { type: 'toast'; toast: ToastRequest }
  /** A file handed to the browser as a download. */
  | { type: 'download'; file: SavedFile }
  /** The browser's print dialog. */
  | { type: 'print' }
  /** Hand-offs to the app's session: who is signed in now, and a sign-out. */
  | { type: 'signedIn'; account: Account }
  | { type: 'signOut' }
  /**
   * Hands something to another flow running on the same page (a resume code's application to the form it fills, a
   * traveller's answers read for the form, a photo kept for the field that holds it): the event goes to that flow.
   */
  | { type: 'handOff'; flow: string; event: AnyEventObject }
  /** Focus moves to the first field with an error in the form with this id, once it is drawn. */
  | { type: 'focusError'; form: string }
  /** The interface language, applied to the document (its `lang`, i18n, the cookie the server prerenders by). */
  | { type: 'applyLanguage'; language: string }
  /** The site's prices or branding changed (an admin saved them): every page shows the new ones. */
  | { type: 'pricesChanged' }
  | { type: 'brandingChanged'; branding: { brandName: string; chatAssistantName: string } }
  /** What the spec says is only logged (a background save, a microphone refused). */
  | { type: 'log'; message: string; error?: unknown };

export type WorldEffectType = WorldEffect['type'];

export const navigate = (to: string, replace = false): WorldEffect => (replace ? { type: 'navigate', to, replace } : { type: 'navigate', to });

export const toast = (title: string, description?: string, extra: Partial<Pick<ToastRequest, 'variant' | 'duration' | 'params'>> = {}): WorldEffect => ({
  type: 'toast',
  toast: { title, ...(description ? { description } : {}), ...extra },
});

/** An admin tab's machine heard that the server no longer answers this session as an admin: the gate shows again. */
export const backToGate: WorldEffect = { type: 'handOff', flow: 'adminGate', event: { type: 'EXPIRED' } };

/** A destructive toast (a failure), by translation keys. */
export const failureToast = (title: string, description: string, params?: ToastRequest['params']): WorldEffect =>
  toast(title, description, { variant: 'destructive', ...(params ? { params } : {}) });

export const store = (area: StorageArea, values: Record<string, string | null>, soon = false): WorldEffect =>
  soon ? { type: 'store', area, values, soon } : { type: 'store', area, values };
