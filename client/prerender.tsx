// The build renders the landing page here once per language (scripts/prerender.mjs), so it paints before any
// JavaScript runs; the browser then hydrates it (main.tsx). Site data is left as markers the server fills in per
// request with the current brand and prices (server/plugins/landing.ts).
import { StrictMode, Suspense } from 'react';
import { renderToStringAsync } from 'preact-render-to-string';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import { createActor, fromPromise } from 'xstate';
import type { Language } from '../machines/domain/language';
import { languageMachine } from '../machines/language.machine';
import { sessionMachine } from '../machines/session.machine';
import type { MeDto } from '../openapi/schemas/auth';
import { AppProvider } from './app/AppContext';
import { updateSiteData, type SiteData } from './app/siteData';
import { startToasts } from './app/toasts';
import i18n, { i18nReady } from './i18n';
import { routes } from './router';

export { LANGUAGES } from '../machines/domain/language';
export { landingFile, markerSiteData, SITE_DATA_MARKER } from '../machines/domain/landingPage';

export interface Prerendered {
  /** What goes inside `<div id="root">`. */
  body: string;
  title: string;
  description: string;
}

export async function renderLanding(language: Language, site: SiteData): Promise<Prerendered> {
  await i18nReady;
  await i18n.changeLanguage(language);
  await i18n.loadNamespaces(['common', 'landing']);
  updateSiteData(site);

  const { query, dataRoutes } = createStaticHandler(routes);
  const context = await query(new Request('http://localhost/'));
  if (context instanceof Response) throw new Error(`The landing route answered ${context.status}`);

  // The browser's first render has these states too: a language already chosen, the session still being asked.
  const actors = {
    language: createActor(languageMachine, { input: { stored: language, browserLanguages: [], timeZone: undefined } }).start(),
    session: createActor(sessionMachine.provide({ actors: { fetchMe: fromPromise<MeDto>(() => new Promise(() => {})) } })).start(),
    toasts: startToasts(),
  };
  // Waits for what suspends (a lazily loaded page) instead of rendering the boundary's empty fallback.
  const body = await renderToStringAsync(
    <StrictMode>
      <AppProvider actors={actors}>
        <Suspense fallback={null}>
          <StaticRouterProvider router={createStaticRouter(dataRoutes, context)} context={context} hydrate={false} />
        </Suspense>
      </AppProvider>
    </StrictMode>,
  );
  const t = i18n.getFixedT(language);
  return { body, title: t('meta.home.title', { brand: site.branding.brandName }), description: t('meta.home.description') };
}
