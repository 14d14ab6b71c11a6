import type { InspectionEvent, Observer } from 'xstate';

// `npm run dev` + `?inspect` in the URL opens the Stately inspector for every flow on the page.
let inspector: Observer<InspectionEvent> | undefined;

export async function setupInspector(): Promise<void> {
  if (!import.meta.env.DEV || !new URLSearchParams(window.location.search).has('inspect')) return;
  const { createBrowserInspector } = await import('@statelyai/inspect');
  inspector = createBrowserInspector().inspect;
}

export function inspect(): Observer<InspectionEvent> | undefined {
  return inspector;
}
