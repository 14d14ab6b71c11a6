import { StrictMode, Suspense } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { AppProvider } from './app/AppContext';
import { setupInspector } from './app/inspect';
import { startLanguage } from './app/language';
import { startSession } from './app/session';
import { loadSiteData } from './app/siteData';
import { startToasts } from './app/toasts';
import { i18nReady } from './i18n';
import { createRouter } from './router';
import './styles/global.css';
import './styles/keyframes.css';

await setupInspector();
await i18nReady;
const toasts = startToasts();
const actors = { language: startLanguage(), toasts, session: startSession(toasts) };
loadSiteData();

createRoot(document.getElementById('root') as HTMLElement).render(
  <StrictMode>
    <AppProvider actors={actors}>
      <Suspense fallback={null}>
        <RouterProvider router={createRouter()} />
      </Suspense>
    </AppProvider>
  </StrictMode>,
);
