import type { PhotoCheckContext } from './photoCheck.machine';

export { PHOTO_ACCEPT, type Ds160Field } from './domain/ds160Sections';
export type { ValidationError } from './domain/validators';
export type { PhotoFile } from './photoCheck.machine';
export type { PhotoAnalysis } from '../openapi/schemas/photo';

/** The official score colours (spec 2-wizards §4.7): green from 80, yellow from 60, red below. */
export const scoreBand = (score: number) => (score >= 80 ? ('good' as const) : score >= 60 ? ('fair' as const) : ('poor' as const));

// Kept beside the machine, not in it: the page's selector is judged by the page's tests, not the machine's paths.
/**
 * What the photo field renders: the step it is at and the context, compared field by field (`shallowEqual`), so the
 * field re-renders when one of them changes rather than on every snapshot.
 */
export const photoViewOf = (snapshot: { context: PhotoCheckContext; value: unknown; matches: (value: never) => boolean; hasTag: (tag: string) => boolean }) => {
  const is = (value: unknown) => snapshot.matches(value as never);
  return {
    context: snapshot.context,
    /** The state as JSON, for the field's data-state (what tests and the inspector read). */
    state: JSON.stringify(snapshot.value),
    busy: snapshot.hasTag('busy'),
    picked: is({ ready: 'picked' }),
    kept: is({ ready: 'kept' }),
    analysed: is({ ready: 'analysed' }),
    comparing: is({ ready: 'comparing' }),
    working: is('analysing') ? ('analysing' as const) : is('fixing') ? ('fixing' as const) : is('storing') ? ('storing' as const) : null,
  };
};

