// The spec's route table (1-core §2.1). The client builds its router from it; the server answers these
// paths with the app shell and every other path with the same shell under a 404 status.
export const ROUTES = {
  home: '/',
  wizard: '/wizard',
  dashboard: '/dashboard',
  pricing: '/pricing',
  results: '/results',
  admin: '/teamomora',
  login: '/login',
  checkout: '/checkout',
  aiAssistant: '/airassistant',
  aiVisa: '/aivisa',
  aiChat: '/ai-chat',
  aiChatSections: '/ai-chat-sections',
  apply: '/apply',
  applySummary: '/apply/summary',
  applyWizard: '/apply/wizard',
  applyEstaWizard: '/apply/esta-wizard',
  ds160Wizard: '/ds160-wizard',
  visaWizard: '/visa-wizard',
  premiumText: '/entrevista2095',
  premiumVoice: '/intervgpt',
  paymentConfirmation: '/payment-confirmation',
  /** The privacy notice (issue 44). */
  privacy: '/privacy',
  /** Back in by e-mail (issue 43): ask for a reset link, and the pages the e-mailed links open. */
  forgotPassword: '/forgot-password',
  resetPassword: '/reset-password',
  signInLink: '/sign-in-link',
  invitation: '/invitation',
} as const;

export type RouteName = keyof typeof ROUTES;

/** Linked from the pricing page's ESTA card; redirects to the ESTA wizard (docs/DECISIONS.md). */
export const ESTA_ALIAS = '/apply/esta';

export const SPA_PATHS: readonly string[] = [...Object.values(ROUTES), ESTA_ALIAS];

/**
 * The premium interview's page by text or by voice (spec 3-ai §2.8). A link names no language: the interview opens in
 * the interface's, the one the applicant was reading, and follows the header's switch, as a language not chosen
 * explicitly does (`?lang=` is for a language chosen on purpose, which the header then leaves alone).
 */
export const premiumPath = (medium: 'text' | 'voice') => (medium === 'text' ? ROUTES.premiumText : ROUTES.premiumVoice);

/** An order's confirmation page. */
export const orderConfirmationPath = (orderId: string) => `${ROUTES.paymentConfirmation}?order=${encodeURIComponent(orderId)}`;
