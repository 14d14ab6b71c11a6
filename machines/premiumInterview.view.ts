import type { PremiumInterviewContext } from './premiumInterview.machine';

// Kept beside the machine, not in it: the page's selector is judged by the page's tests, not the machine's paths.
/**
 * What the page renders: the screen, which of its buttons are waiting, and the context, compared field by field
 * (`shallowEqual`) so a page re-renders only when one of them changes, not on every snapshot.
 */
export const premiumViewOf = (snapshot: {
  context: PremiumInterviewContext;
  matches: (value: never) => boolean;
  hasTag: (tag: string) => boolean;
  can: (event: { type: 'VERIFY' } | { type: 'SUBMIT_ANSWER' }) => boolean;
}) => {
  const is = (value: unknown) => snapshot.matches(value as never);
  const screen = (['restoring', 'access', 'upload', 'interview', 'results'] as const).find(is);
  return {
    screen,
    context: snapshot.context,
    busy: snapshot.hasTag('busy'),
    verifying: is({ access: 'verifying' }),
    canVerify: snapshot.can({ type: 'VERIFY' }),
    /** An answer can be sent: words typed (not only spaces) for a question asked, and nothing under way. */
    canAnswer: snapshot.can({ type: 'SUBMIT_ANSWER' }),
    preparing: is({ upload: 'preparing' }),
    preparingSaved: is({ upload: 'preparingSaved' }),
  };
};

