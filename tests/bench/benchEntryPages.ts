// The entry pages as a visitor on a mid-range phone gets them (issues 16 and 29): Chromium at 4x CPU throttling on a
// Slow 4G profile (150 ms latency, 1.6 Mbit/s down, 750 kbit/s up) at 412x823, each in a fresh profile: JavaScript
// as sent, paints, layout shift and total blocking time; the landing page's layout shift on a desktop too, and a
// repeat visit, which must fetch none of the hashed files again.
import type { Browser, BrowserContext, Page } from 'puppeteer-core';

const SLOW_4G = { latency: 150, download: (1.6 * 1024 * 1024) / 8, upload: (750 * 1024) / 8 };

export interface PhoneFigures {
  path: string;
  /** JavaScript the page loads before anyone touches it, as sent (compressed when the server compresses it). */
  jsKbOverWire: number;
  jsFiles: number;
  lcpMs: number;
  fcpMs: number;
  cls: number;
  /** Long tasks' time past 50 ms each, from the start to the page settling (the browser's own long-task entries). */
  tbtMs: number;
}

export interface LandingFigures {
  clsDesktop: number;
  /** Hashed files asked of the server again on a second visit (a 304 counts: it is a round trip). */
  repeatVisitAssetRequests: number;
}

/** Paint and shift entries the page has seen so far, read once it has settled. */
const PAINTS = `new Promise((resolve) => {
  const figures = { lcp: 0, cls: 0, tbt: 0 };
  new PerformanceObserver((list) => { for (const e of list.getEntries()) figures.lcp = e.startTime; }).observe({ type: 'largest-contentful-paint', buffered: true });
  new PerformanceObserver((list) => { for (const e of list.getEntries()) if (!e.hadRecentInput) figures.cls += e.value; }).observe({ type: 'layout-shift', buffered: true });
  new PerformanceObserver((list) => { for (const e of list.getEntries()) figures.tbt += Math.max(0, e.duration - 50); }).observe({ type: 'longtask', buffered: true });
  const fcp = performance.getEntriesByName('first-contentful-paint')[0];
  const js = performance.getEntriesByType('resource').filter((r) => new URL(r.name).pathname.endsWith('.js'));
  setTimeout(() => resolve({ ...figures, fcp: fcp ? fcp.startTime : NaN, jsBytes: js.reduce((sum, r) => sum + r.transferSize, 0), jsFiles: js.length }), 1000);
})`;

interface Paints {
  lcp: number;
  cls: number;
  tbt: number;
  fcp: number;
  jsBytes: number;
  jsFiles: number;
}

async function visit(page: Page, url: string): Promise<Paints> {
  await page.goto(url, { waitUntil: 'networkidle0' });
  return page.evaluate(PAINTS as never) as Promise<Paints>;
}

async function phone(context: BrowserContext): Promise<Page> {
  const page = await context.newPage();
  await page.setViewport({ width: 412, height: 823, isMobile: true, hasTouch: true, deviceScaleFactor: 2.625 });
  await page.emulateCPUThrottling(4);
  await page.emulateNetworkConditions(SLOW_4G);
  // A first visit in English, as a new visitor with an English browser.
  await page.setExtraHTTPHeaders({ 'accept-language': 'en-US,en;q=0.9' });
  return page;
}

/** Each entry page's first visit on the phone, each in a fresh profile (nothing cached, nothing stored). */
export async function phoneFigures(browser: Browser, baseUrl: string, paths: readonly string[]): Promise<PhoneFigures[]> {
  const figures: PhoneFigures[] = [];
  for (const path of paths) {
    const context = await browser.createBrowserContext();
    try {
      const paints = await visit(await phone(context), `${baseUrl}${path}`);
      figures.push({
        path,
        jsKbOverWire: Math.round(paints.jsBytes / 102.4) / 10,
        jsFiles: paints.jsFiles,
        lcpMs: Math.round(paints.lcp),
        fcpMs: Math.round(paints.fcp),
        cls: Math.round(paints.cls * 1000) / 1000,
        tbtMs: Math.round(paints.tbt),
      });
    } finally {
      await context.close();
    }
  }
  return figures;
}

/** The landing page on a desktop, and a repeat visit on the phone. */
export async function landingFigures(browser: Browser, baseUrl: string): Promise<LandingFigures> {
  const context = await browser.createBrowserContext();
  try {
    const page = await phone(context);
    await visit(page, `${baseUrl}/`);
    // The same visitor again: every hashed file must come from the browser's cache, without asking.
    let assetRequests = 0;
    page.on('response', (response) => {
      if (new URL(response.url()).pathname.startsWith('/assets/') && !response.fromCache()) assetRequests += 1;
    });
    await page.goto(`${baseUrl}/`, { waitUntil: 'networkidle0' });
    await page.close();

    const desktop = await context.newPage();
    await desktop.setViewport({ width: 1366, height: 768 });
    const wide = await visit(desktop, `${baseUrl}/`);
    await desktop.close();

    return { clsDesktop: Math.round(wide.cls * 1000) / 1000, repeatVisitAssetRequests: assetRequests };
  } finally {
    await context.close();
  }
}
