// The entry pages rendered by React on the server (client/entryPages.ts). The build bundles this module for Node
// (scripts/prerender.mjs) with the browser build's plugins, so the markup has the browser's class names; the server
// renders with it whenever the site's data changes (server/services/prerender/), and the browser hydrates the result
// (client/main.tsx).
import { StrictMode, Suspense } from 'react';
import { prerender } from 'react-dom/static';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import { createActor, fromPromise } from 'xstate';
import type { Language } from '../machines/domain/language';
import { ROUTES } from '../machines/domain/routes';
import { languageMachine } from '../machines/language.machine';
import { sessionMachine } from '../machines/session.machine';
import type { MeDto } from '../openapi/schemas/auth';
import { AppProvider } from './app/AppContext';
import { updateSiteData, type SiteData } from './app/siteData';
import { startToasts } from './app/toasts';
import { ENTRY_PAGES } from './entryPages';
import i18n, { i18nReady } from './i18n';
import { PAGE_FILES, routes } from './router';

export { LANGUAGES } from '../machines/domain/language';
export { BOOTSTRAP_SCRIPT, PAGES_FILE, SLOTS } from '../server/services/prerender/layout';

/** What the build and the server need to know of each entry page without rendering it. */
export const ENTRY_PATHS = ENTRY_PAGES.map((page) => ({ path: ROUTES[page.route], stepParam: page.stepParam ?? null, ...PAGE_FILES[page.route] }));

export interface Prerendered {
  /** What goes inside `<div id="root">`. */
  body: string;
  title: string;
  description: string;
}

export async function renderPage(path: string, language: Language, site: SiteData): Promise<Prerendered> {
  const entry = ENTRY_PAGES.find((page) => ROUTES[page.route] === path);
  if (!entry) throw new Error(`${path} is not an entry page`);
  await i18nReady;
  await i18n.changeLanguage(language);
  updateSiteData(site);

  // Loads the route's page and its translations (client/router.tsx) before rendering.
  const { query, dataRoutes } = createStaticHandler(routes);
  const context = await query(new Request(`http://localhost${path}`));
  if (context instanceof Response) throw new Error(`${path} answered ${context.status}`);

  // The browser's first render has these states too: a language already chosen, the session still being asked.
  const actors = {
    language: createActor(languageMachine, { input: { stored: language, browserLanguages: [], timeZone: undefined } }).start(),
    session: createActor(sessionMachine.provide({ actors: { fetchMe: fromPromise<MeDto>(() => new Promise(() => {})) } })).start(),
    toasts: startToasts(),
  };
  // React's static prerender waits for what suspends instead of rendering a boundary's fallback, and reports a
  // component that throws instead of leaving a client-rendering marker in the page.
  const errors: unknown[] = [];
  const { prelude } = await prerender(
    <StrictMode>
      <AppProvider actors={actors}>
        <Suspense fallback={null}>
          <StaticRouterProvider router={createStaticRouter(dataRoutes, context)} context={context} hydrate={false} />
        </Suspense>
      </AppProvider>
    </StrictMode>,
    { onError: (error) => void errors.push(error) },
  );
  if (errors.length) throw new AggregateError(errors, `${path} (${language}) did not render`);
  const body = await new Response(prelude).text();
  const t = i18n.getFixedT(language);
  return { body, title: t(`meta.${entry.meta}.title`, { brand: site.branding.brandName }), description: t(`meta.${entry.meta}.description`) };
}
