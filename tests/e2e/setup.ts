import { afterEach, expect } from 'vitest';
import { takeHydrationErrors } from './browser';

// A prerendered page React could not take over as it was is a failure of whichever test opened it, whether or not
// the test looks at the console.
afterEach(() => {
  expect(takeHydrationErrors()).toEqual([]);
});
