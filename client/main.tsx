import { startTransition, useEffect } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { forgetPreloadedAnswers } from './api/preloaded';
import { hydratingInto } from './app/earlyInput';
import { setupInspector } from './app/inspect';
import { startLanguage } from './app/language';
import { watchOutages } from './app/outage';
import { startSession } from './app/session';
import { loadSiteData } from './app/siteData';
import { startToasts } from './app/toasts';
import i18n, { i18nReady } from './i18n';
import { entryPageAt } from './entryPages';
import { AppRoot } from './AppRoot';
import { createRouter, loadRoutesFor } from './router';
import './styles/global.css';
import './styles/keyframes.css';

await setupInspector();
await i18nReady;
const toasts = startToasts();
watchOutages(toasts);
const languageActor = startLanguage(toasts);
const language = languageActor.getSnapshot().context.language;
const container = document.getElementById('root') as HTMLElement;
// The server sent the page already rendered (client/entryPages.ts): React takes it over as it is when it is in the
// language this browser picked and the page keeps nothing of an earlier visit to show; otherwise it renders afresh.
const hydrate =
  container.dataset.prerendered === language &&
  (entryPageAt(window.location.pathname)?.firstRenderIsPrerendered(new URLSearchParams(window.location.search)) ?? false);
// Asked only once the page is React's, or an early answer would make the header differ from the prerendered one.
const session = startSession(toasts, { start: !hydrate });
const actors = { language: languageActor, toasts, session };
loadSiteData();

function StartSession() {
  useEffect(() => void session.start(), []);
  return null;
}

if (hydrate) {
  // The route loads the page's own translations with its code (client/router.tsx); the language first: the route then loads its page's translations in it, and nothing suspends while hydrating.
  await i18n.changeLanguage(language);
  await loadRoutesFor(window.location.pathname);
}

const router = createRouter();
// The page's preloaded API answers are for the page the server rendered; another page asks the server.
const firstPath = window.location.pathname;
const unsubscribe = router.subscribe((state) => {
  if (state.location.pathname === firstPath) return;
  forgetPreloadedAnswers();
  unsubscribe();
});

// Inside the boundary the header is in: React may take over a boundary after the rest of the page, and an answer
// arriving before the header is taken over would make it differ from the prerendered one.
const app = <AppRoot actors={actors} router={<RouterProvider router={router} />} beside={hydrate && <StartSession />} />;
// A prerendered page that React cannot take over as it is (the first render differs from the HTML) is a bug: React
// would quietly draw it again. Said in the console as an error, which the browser tests fail on.
if (hydrate) {
  // As a transition, React takes the page over in slices of a few milliseconds, yielding to the browser between
  // them, instead of one long task: the page is already on screen, and a tap meanwhile is handled first.
  hydratingInto(container);
  startTransition(() => {
    hydrateRoot(container, app, {
      onRecoverableError: (error) => console.error(`Hydration failed: ${error instanceof Error ? error.message : String(error)}`),
    });
  });
}
else createRoot(container).render(app);
