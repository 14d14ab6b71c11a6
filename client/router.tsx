import { Suspense, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { createBrowserRouter, matchRoutes, Outlet, redirect, ScrollRestoration, useLocation, type RouteObject } from 'react-router';
import { ESTA_ALIAS, ROUTES, type RouteName } from '../machines/domain/routes';
import type { MachineName } from '../machines/index';
import { trackPageView } from './app/analytics';
import { appReady } from './app/earlyInput';
import { loadFlows } from './app/flows';
import { Header } from './components/Header';
import * as css from './components/layout.css';
import { Spinner } from './components/Spinner';
import { Toaster } from './components/Toaster';
import i18n from './i18n';
import { container } from './styles/ui.css';

type PageModule = { default: React.ComponentType };

/** Each route's page module (under client/pages/) and the translation namespaces it uses besides common. */
export interface PageDeclaration {
  file: string;
  namespaces: readonly string[];
}

export const PAGE_FILES: Record<RouteName | 'notFound', PageDeclaration> = {
  home: { file: 'pages/landing/LandingPage.tsx', namespaces: ['landing'] },
  visaWizard: { file: 'pages/visa-wizard/VisaWizardPage.tsx', namespaces: ['start'] },
  apply: { file: 'pages/apply/ApplyPage.tsx', namespaces: ['start'] },
  applySummary: { file: 'pages/apply-summary/ApplySummaryPage.tsx', namespaces: ['start'] },
  applyWizard: { file: 'pages/apply-wizard/ApplyWizardPage.tsx', namespaces: ['catalog', 'group', 'validation', 'wizard'] },
  applyEstaWizard: { file: 'pages/apply-esta-wizard/ApplyEstaWizardPage.tsx', namespaces: ['catalog', 'group', 'validation', 'wizard'] },
  wizard: { file: 'pages/wizard/WizardPage.tsx', namespaces: ['catalog', 'group', 'validation', 'wizard'] },
  pricing: { file: 'pages/pricing/PricingPage.tsx', namespaces: ['commerce'] },
  checkout: { file: 'pages/checkout/CheckoutPage.tsx', namespaces: ['commerce', 'errors', 'group', 'validation'] },
  paymentConfirmation: { file: 'pages/payment-confirmation/PaymentConfirmationPage.tsx', namespaces: ['commerce', 'errors', 'group', 'mail'] },
  login: { file: 'pages/login/LoginPage.tsx', namespaces: ['account', 'errors', 'maillink', 'validation'] },
  dashboard: { file: 'pages/dashboard/DashboardPage.tsx', namespaces: ['account', 'answers', 'catalog', 'commerce', 'ds160form', 'group', 'mail', 'privacy', 'wizard'] },
  results: { file: 'pages/results/ResultsPage.tsx', namespaces: ['analysis', 'catalog', 'results', 'start'] },
  ds160Wizard: { file: 'pages/ds160-wizard/Ds160WizardPage.tsx', namespaces: ['ds160form', 'ds160page', 'group', 'validation'] },
  aiAssistant: { file: 'pages/ai-assistant/AiAssistantPage.tsx', namespaces: ['aiassistant', 'errors', 'privacy', 'validation'] },
  aiVisa: { file: 'pages/aivisa/AivisaPage.tsx', namespaces: ['aiassistant', 'aivisa', 'conversation'] },
  aiChatSections: { file: 'pages/ai-chat-sections/AiChatSectionsPage.tsx', namespaces: ['aivisa', 'conversation', 'privacy', 'sections'] },
  aiChat: { file: 'pages/ai-chat/AiChatPage.tsx', namespaces: ['agent', 'aivisa', 'conversation', 'ds160form', 'privacy'] },
  admin: { file: 'pages/admin/AdminPage.tsx', namespaces: ['admin', 'answers', 'catalog', 'ds160form', 'errors', 'group', 'maillink', 'operators', 'validation'] },
  premiumText: { file: 'pages/premium-interview/PremiumTextPage.tsx', namespaces: ['premium', 'privacy'] },
  premiumVoice: { file: 'pages/premium-interview/PremiumVoicePage.tsx', namespaces: ['premium', 'privacy'] },
  privacy: { file: 'pages/privacy/PrivacyPage.tsx', namespaces: ['privacy'] },
  forgotPassword: { file: 'pages/mail-link/ForgotPasswordPage.tsx', namespaces: ['account', 'errors', 'maillink', 'validation'] },
  resetPassword: { file: 'pages/mail-link/ResetPasswordPage.tsx', namespaces: ['account', 'errors', 'maillink', 'validation'] },
  signInLink: { file: 'pages/mail-link/SignInLinkPage.tsx', namespaces: ['account', 'errors', 'maillink', 'validation'] },
  invitation: { file: 'pages/mail-link/InvitationPage.tsx', namespaces: ['account', 'errors', 'maillink', 'validation'] },
  notFound: { file: 'pages/not-found/NotFoundPage.tsx', namespaces: [] },
};

/**
 * The flows each route's page opens through the door (client/app/useFlow.ts): their calls load with the page's code
 * (client/app/flows.ts). tests/domain/pageFlows.test.ts checks each list against the flows the page's modules open.
 */
export const PAGE_FLOWS: Partial<Record<RouteName, readonly MachineName[]>> = {
  visaWizard: ['visaWizard'],
  apply: ['applyStart'],
  applySummary: ['applySummary'],
  pricing: ['pricing'],
  results: ['results'],
  checkout: ['checkout', 'groupCheckout'],
  login: ['login'],
  forgotPassword: ['mailLink'],
  resetPassword: ['mailLink'],
  signInLink: ['mailLink'],
  invitation: ['mailLink'],
  dashboard: ['dashboard', 'myData'],
  paymentConfirmation: ['confirmation', 'groupConfirmation'],
  wizard: ['questionWizard'],
  applyWizard: ['questionWizard'],
  applyEstaWizard: ['questionWizard', 'travellerHandover', 'travellerGroup'],
  ds160Wizard: ['ds160Form', 'travellerHandover', 'travellerGroup', 'formResume', 'photoCheck'],
  aiAssistant: ['aiNotice'],
  aiChat: ['aiNotice', 'agentChat'],
  aiChatSections: ['aiNotice', 'sectionsChat'],
  premiumText: ['aiNotice'],
  premiumVoice: ['aiNotice'],
  admin: ['adminGate', 'adminDashboard', 'governmentFees', 'operators', 'auditLog', 'emailLog', 'staffEmail'],
};

// Each page its own chunk, loaded when its route is first visited.
const MODULES = import.meta.glob<PageModule>('./pages/*/*Page.tsx');

/**
 * A route's page with the translation namespaces its components ask for, loaded beside its code: the page is
 * never rendered before them, so nothing on it suspends once shown (React would hide the page behind the route's
 * spinner until the translations came), and code and translations load side by side rather than one after the
 * other. tests/domain/routeNamespaces.test.ts checks each list against what the page's modules use.
 */
const page = ({ file, namespaces }: PageDeclaration, flows: readonly MachineName[] = []) => async () => {
  const load = MODULES[`./${file}`];
  if (!load) throw new Error(`No page module ${file}`);
  const [module] = await Promise.all([load(), i18n.loadNamespaces([...namespaces]), loadFlows(flows)]);
  return { Component: module.default };
};

function AppReady() {
  useEffect(appReady, []);
  return null;
}

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
          {/* Beside the page, in its boundary: hydrated with it, not before it (React takes a boundary over apart). */}
          <AppReady />
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
    lazy: page(PAGE_FILES[name], PAGE_FLOWS[name]),
  })),
  // The pricing page's ESTA card links here; the ESTA wizard is the page (docs/DECISIONS.md).
  { path: ESTA_ALIAS, loader: ({ request }) => redirect(`${ROUTES.applyEstaWizard}${new URL(request.url).search}`) },
  { path: '*', lazy: page(PAGE_FILES.notFound) },
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
