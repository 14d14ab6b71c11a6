import { StrictMode, Suspense, type ReactNode } from 'react';
import { AppProvider, type AppActors } from './app/AppContext';

/**
 * The app above its router, the same in the browser (client/main.tsx) and on the server (client/prerender.tsx):
 * React's `useId` numbers elements by their place in this tree, so the two trees must have the same shape for
 * the ids the server wrote (a combobox's `aria-controls`) to be the ones the browser's components use.
 */
export function AppRoot({ actors, router, beside }: { actors: AppActors; router: ReactNode; beside: ReactNode }) {
  return (
    <StrictMode>
      <AppProvider actors={actors}>
        <Suspense fallback={null}>
          {router}
          {beside}
        </Suspense>
      </AppProvider>
    </StrictMode>
  );
}
