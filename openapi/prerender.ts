// The contract between the client's build and the server: what the build leaves for the server to render its entry
// pages with (scripts/prerender.mjs writes it, server/services/prerender/pages.ts reads it). Inside the build, never
// served as files. Here, beside the HTTP contract, so client/prerender.tsx imports no server module.

export const PRERENDER_DIR = 'prerendered';
/** The server bundle of client/prerender.tsx, which renders an entry page with React. */
export const RENDERER_FILE = `${PRERENDER_DIR}/ssr/prerender.js`;
/** The page template and each entry page's styles and preloads per language. */
export const PAGES_FILE = `${PRERENDER_DIR}/pages.json`;

/** Where the template takes a page's parts; each is filled once, in one pass, so nothing filled in is read again. */
export const SLOTS = {
  language: '%%LANGUAGE%%',
  title: '%%TITLE%%',
  description: '%%DESCRIPTION%%',
  head: '%%HEAD%%',
  body: '%%BODY%%',
  data: '%%DATA%%',
  answers: '%%ANSWERS%%',
} as const;

/**
 * Starts the app once the prerendered page has been painted: its modules (listed by the page in a JSON script, so
 * this code is the same on every page and one hash allows it in the Content-Security-Policy) would otherwise
 * compete with the page's first paint for the connection. A hidden page has no paint to wait for.
 */
export const BOOTSTRAP_SCRIPT =
  '(function(){function go(){var d=document,h=d.head,m=JSON.parse(d.getElementById("app-modules").textContent);' +
  'm.preload.forEach(function(f){var l=d.createElement("link");l.rel="modulepreload";l.crossOrigin="";l.href=f;h.appendChild(l)});' +
  'var s=d.createElement("script");s.type="module";s.crossOrigin="";s.src=m.entry;h.appendChild(s)}' +
  'if(document.visibilityState==="hidden")go();else requestAnimationFrame(function(){setTimeout(go)})})()';

export interface PagesFile {
  /** index.html with its slots. */
  template: string;
  /** What the Content-Security-Policy must allow of what the template holds inline: `'sha256-…'` sources. */
  inline: { scripts: string[]; styles: string[] };
  pages: Array<{
    path: string;
    /** With this query parameter the page is past its first screen, and the plain shell is sent. */
    stepParam: string | null;
    /** The API reads (`GET` path and query) its first render makes, answered inside the page. */
    preload: string[];
    /** The modules it loads once painted, per language (each language's translations are their own chunks). */
    head: Record<string, string>;
  }>;
}
