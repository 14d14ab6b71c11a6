// The pages a visitor most often arrives on. The server sends them already rendered by React, in the visitor's
// language and with the site's current data (client/prerender.tsx, server/services/prerender/), so they paint
// before any JavaScript runs; the browser then hydrates them (client/main.tsx).
import { ROUTES, type RouteName } from '../machines/domain/routes';
import { keepsStartChoice, wizardStorageKey } from '../machines/domain/storageKeys';
import { readStorage } from './app/storage';
import type { MetaPage } from './app/usePageMeta';

export interface EntryPage {
  route: RouteName;
  /** The search metadata the page sets (client/app/usePageMeta.ts), written into the prerendered head. */
  meta: MetaPage;
  /** A query parameter that puts the page past its first screen: with it, the server sends the plain shell. */
  stepParam?: string;
  /**
   * Whether this browser's first render of the page is the one prerendered, i.e. the page keeps nothing of an
   * earlier visit that its first render would show. Otherwise the page is drawn afresh instead of hydrated.
   */
  firstRenderIsPrerendered: (search: URLSearchParams) => boolean;
}

const always = () => true;
const noStartChoice = () => !keepsStartChoice(readStorage);

export const ENTRY_PAGES: readonly EntryPage[] = [
  { route: 'home', meta: 'home', firstRenderIsPrerendered: always },
  { route: 'visaWizard', meta: 'apply', stepParam: 'step', firstRenderIsPrerendered: (search) => !search.has('step') && noStartChoice() },
  {
    route: 'apply',
    meta: 'apply',
    firstRenderIsPrerendered: noStartChoice,
  },
  { route: 'pricing', meta: 'pricing', firstRenderIsPrerendered: always },
  // The question wizard keeps its progress in local storage (client/app/wizard/useQuestionWizard.ts), and opens
  // with the start flow's country and purpose answered (client/app/startChoice.ts).
  {
    route: 'applyWizard',
    meta: 'apply',
    stepParam: 'q',
    firstRenderIsPrerendered: (search) => !search.has('q') && !readStorage('local', wizardStorageKey('ds160')) && noStartChoice(),
  },
];

export const entryPageAt = (pathname: string): EntryPage | undefined => ENTRY_PAGES.find((page) => ROUTES[page.route] === pathname);
