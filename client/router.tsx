import { Suspense, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { createBrowserRouter, matchRoutes, Outlet, redirect, ScrollRestoration, useLocation, type RouteObject } from 'react-router';
import { ESTA_ALIAS, ROUTES, type RouteName } from '../machines/domain/routes';
import { trackPageView } from './app/analytics';
import { Header } from './components/Header';
import * as css from './components/layout.css';
import { Spinner } from './components/Spinner';
import { Toaster } from './components/Toaster';
import i18n from './i18n';
import { container } from './styles/ui.css';

type PageModule = { default: React.ComponentType };
/**
 * A route's page with the translation namespaces its components ask for, loaded beside its code: the page is
 * never rendered before them, so nothing on it suspends after it has mounted (which would hide it behind the
 * route's spinner, or under Preact remount it and lose its state). tests/domain/routeNamespaces.test.ts checks
 * each list against what the page's modules use.
 */
const page = (load: () => Promise<PageModule>, namespaces: readonly string[]) => async () => {
  const [module] = await Promise.all([load(), i18n.loadNamespaces([...namespaces])]);
  return { Component: module.default };
};

const PAGES: Record<RouteName, () => Promise<{ Component: React.ComponentType }>> = {
  home: page(() => import('./pages/landing/LandingPage'), ['landing']),
  visaWizard: page(() => import('./pages/visa-wizard/VisaWizardPage'), ['start']),
  apply: page(() => import('./pages/apply/ApplyPage'), ['start']),
  applySummary: page(() => import('./pages/apply-summary/ApplySummaryPage'), ['start']),
  applyWizard: page(() => import('./pages/apply-wizard/ApplyWizardPage'), ['catalog', 'validation', 'wizard']),
  applyEstaWizard: page(() => import('./pages/apply-esta-wizard/ApplyEstaWizardPage'), ['catalog', 'validation', 'wizard']),
  wizard: page(() => import('./pages/wizard/WizardPage'), ['catalog', 'validation', 'wizard']),
  pricing: page(() => import('./pages/pricing/PricingPage'), ['commerce']),
  checkout: page(() => import('./pages/checkout/CheckoutPage'), ['commerce', 'validation']),
  paymentConfirmation: page(() => import('./pages/payment-confirmation/PaymentConfirmationPage'), ['commerce']),
  login: page(() => import('./pages/login/LoginPage'), ['account', 'validation']),
  dashboard: page(() => import('./pages/dashboard/DashboardPage'), ['account', 'catalog', 'commerce', 'wizard']),
  results: page(() => import('./pages/results/ResultsPage'), ['analysis', 'catalog', 'results', 'start']),
  ds160Wizard: page(() => import('./pages/ds160-wizard/Ds160WizardPage'), ['ds160form', 'ds160page', 'validation']),
  aiAssistant: page(() => import('./pages/ai-assistant/AiAssistantPage'), ['aiassistant', 'validation']),
  aiVisa: page(() => import('./pages/aivisa/AivisaPage'), ['aiassistant', 'aivisa']),
  aiChatSections: page(() => import('./pages/ai-chat-sections/AiChatSectionsPage'), ['aivisa', 'sections']),
  aiChat: page(() => import('./pages/ai-chat/AiChatPage'), ['agent', 'aivisa', 'ds160form']),
  admin: page(() => import('./pages/admin/AdminPage'), ['admin', 'catalog', 'ds160form', 'validation']),
  premiumText: page(() => import('./pages/premium-interview/PremiumTextPage'), ['premium']),
  premiumVoice: page(() => import('./pages/premium-interview/PremiumVoicePage'), ['premium']),
};

function Layout() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  // One first-party page view per route change (a new step of the same page is not a new page).
  useEffect(() => trackPageView(pathname), [pathname]);
  return (
    <>
      <a href="#main" className="visually-hidden">
        {t('nav.skip')}
      </a>
      <Header />
      <main id="main" className={css.main}>
        <Suspense fallback={<Spinner label={t('loading')} />}>
          <Outlet />
        </Suspense>
      </main>
      <footer className={css.footer}>
        <div className={container}>{t('footer.disclaimer')}</div>
      </footer>
      <Toaster />
      {/* Keyed by page, not by history entry: a fresh load (always the key "default") must not inherit another
          page's scroll position. Steps of one flow (?step=, ?q=) share their page's. */}
      <ScrollRestoration getKey={(location) => location.pathname} />
    </>
  );
}

const children: RouteObject[] = [
  ...(Object.keys(ROUTES) as RouteName[]).map((name) => ({
    path: ROUTES[name],
    lazy: PAGES[name],
  })),
  // The pricing page's ESTA card links here; the ESTA wizard is the page (DECISIONS.md).
  { path: ESTA_ALIAS, loader: ({ request }) => redirect(`${ROUTES.applyEstaWizard}${new URL(request.url).search}`) },
  { path: '*', lazy: page(() => import('./pages/not-found/NotFoundPage'), []) },
];

/** The app's routes: the browser's router, and the build's prerender of the landing page (client/prerender.tsx). */
export const routes: RouteObject[] = [{ element: <Layout />, HydrateFallback: () => null, children }];

export function createRouter() {
  return createBrowserRouter(routes);
}

/**
 * Loads the lazy pages a location needs before the router is made: hydrating prerendered HTML, the first render
 * must be the page itself, not the fallback a lazy route shows while it loads.
 */
export async function loadRoutesFor(pathname: string): Promise<void> {
  const matches = matchRoutes(routes, pathname) ?? [];
  await Promise.all(
    matches.map(async ({ route }) => {
      if (typeof route.lazy !== 'function') return;
      Object.assign(route, await route.lazy(), { lazy: undefined });
    }),
  );
}
