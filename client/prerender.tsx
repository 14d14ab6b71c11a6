// The entry pages rendered by React on the server (client/entryPages.ts). The build bundles this module for Node
// (scripts/prerender.mjs) with the browser build's plugins, so the markup has the browser's class names; the server
// renders with it whenever the site's data changes (server/services/prerender/), and the browser hydrates the result
// (client/main.tsx).
import { prerender } from 'react-dom/static';
import { createStaticHandler, createStaticRouter, StaticRouterProvider, type StaticHandler, type StaticHandlerContext } from 'react-router';
import { createActor, fromPromise } from 'xstate';
import type { Language } from '../machines/domain/language';
import { ROUTES, type RouteName } from '../machines/domain/routes';
import { languageMachine } from '../machines/language.machine';
import { sessionMachine } from '../machines/session.machine';
import type { MeDto } from '../openapi/schemas/auth';
import { PRICING_PRELOADS } from './api/actors/pricing';
import { setPreloadedAnswers } from './api/preloaded';
import { updateSiteData, type SiteData } from './app/siteData';
import { startToasts } from './app/toasts';
import { AppRoot } from './AppRoot';
import { ENTRY_PAGES } from './entryPages';
import i18n, { i18nReady } from './i18n';
import { PAGE_FILES, routes } from './router';

export { LANGUAGES } from '../machines/domain/language';
export { BOOTSTRAP_SCRIPT, PAGES_FILE, SLOTS } from '../openapi/prerender';

/** The API reads an entry page's first render makes: the server answers them inside the page (client/api/preloaded.ts). */
const PRELOADS: Partial<Record<RouteName, readonly string[]>> = { pricing: PRICING_PRELOADS };

/** What the build and the server need to know of each entry page without rendering it. */
export const ENTRY_PATHS = ENTRY_PAGES.map((page) => ({
  path: ROUTES[page.route],
  stepParam: page.stepParam ?? null,
  preload: [...(PRELOADS[page.route] ?? [])],
  ...PAGE_FILES[page.route],
}));

/** The browser's first render has these states too: a language already chosen, the session still being asked. */
const actors = (language: Language) => ({
  language: createActor(languageMachine, { input: { stored: language, browserLanguages: [], timeZone: undefined } }).start(),
  session: createActor(sessionMachine.provide({ actors: { fetchMe: fromPromise<MeDto>(() => new Promise(() => {})) } })).start(),
  toasts: startToasts(),
});

async function renderBody(app: ReturnType<typeof actors>, dataRoutes: StaticHandler['dataRoutes'], context: StaticHandlerContext): Promise<string> {
  const errors: unknown[] = [];
  const { prelude } = await prerender(
    // Nothing beside the router: the browser's session starts in an effect, which a server render never runs.
    <AppRoot actors={app} router={<StaticRouterProvider router={createStaticRouter(dataRoutes, context)} context={context} hydrate={false} />} beside={null} />,
    {
      onError: (error) => void errors.push(error),
      // React's static prerender waits for what suspends (translations a component loads, such as the Spanish
      // notice's) instead of rendering a boundary's fallback; past this many bytes it would then write such a
      // boundary after the rest with an inline script that moves it into place, which the page's
      // Content-Security-Policy does not allow. A page rendered ahead of time is sent whole anyway.
      progressiveChunkSize: Number.POSITIVE_INFINITY,
    },
  );
  if (errors.length) throw new AggregateError(errors, 'The page did not render');
  return new Response(prelude).text();
}

export interface Prerendered {
  /** What goes inside `<div id="root">`. */
  body: string;
  title: string;
  description: string;
}

/** Renders an entry page; `answers` are the server's answers to its preloads, by path. */
export async function renderPage(path: string, language: Language, site: SiteData, answers: Record<string, string> = {}): Promise<Prerendered> {
  const entry = ENTRY_PAGES.find((page) => ROUTES[page.route] === path);
  if (!entry) throw new Error(`${path} is not an entry page`);
  await i18nReady;
  await i18n.changeLanguage(language);
  updateSiteData(site);
  setPreloadedAnswers(answers);

  // Loads the route's page and its translations (client/router.tsx) before rendering.
  const { query, dataRoutes } = createStaticHandler(routes);
  const context = await query(new Request(`http://localhost${path}`));
  if (context instanceof Response) throw new Error(`${path} answered ${context.status}`);

  const body = await renderBody(actors(language), dataRoutes, context);
  // A script in the markup (React moving a boundary into place) would be refused by the page's policy.
  const at = body.indexOf('<script');
  if (at >= 0) throw new Error(`${path} (${language}) was rendered with a script: …${body.slice(Math.max(0, at - 300), at + 300)}…`);
  const t = i18n.getFixedT(language);
  return { body, title: t(`meta.${entry.meta}.title`, { brand: site.branding.brandName }), description: t(`meta.${entry.meta}.description`) };
}
