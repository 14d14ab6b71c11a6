// The landing page as a visitor on a mid-range phone gets it (issue 16): Chromium at 4x CPU throttling on a Slow 4G
// profile (150 ms latency, 1.6 Mbit/s down, 750 kbit/s up) at 412x823; its layout shift on a desktop too; and a
// repeat visit, which must fetch none of the hashed files again.
import type { Browser, Page } from 'puppeteer-core';

const SLOW_4G = { latency: 150, download: (1.6 * 1024 * 1024) / 8, upload: (750 * 1024) / 8 };

export interface LandingFigures {
  /** JavaScript the landing page loads, as sent (compressed when the server compresses it). */
  jsKbOverWire: number;
  jsFiles: number;
  lcpMobileMs: number;
  fcpMobileMs: number;
  clsMobile: number;
  clsDesktop: number;
  /** Hashed files asked of the server again on a second visit (a 304 counts: it is a round trip). */
  repeatVisitAssetRequests: number;
}

/** Paint and shift entries the page has seen so far, read once it has settled. */
const PAINTS = `new Promise((resolve) => {
  const figures = { lcp: 0, cls: 0 };
  new PerformanceObserver((list) => { for (const e of list.getEntries()) figures.lcp = e.startTime; }).observe({ type: 'largest-contentful-paint', buffered: true });
  new PerformanceObserver((list) => { for (const e of list.getEntries()) if (!e.hadRecentInput) figures.cls += e.value; }).observe({ type: 'layout-shift', buffered: true });
  const fcp = performance.getEntriesByName('first-contentful-paint')[0];
  const js = performance.getEntriesByType('resource').filter((r) => new URL(r.name).pathname.endsWith('.js'));
  setTimeout(() => resolve({ ...figures, fcp: fcp ? fcp.startTime : NaN, jsBytes: js.reduce((sum, r) => sum + r.transferSize, 0), jsFiles: js.length }), 1000);
})`;

interface Paints {
  lcp: number;
  cls: number;
  fcp: number;
  jsBytes: number;
  jsFiles: number;
}

async function visit(page: Page, url: string): Promise<Paints> {
  await page.goto(url, { waitUntil: 'networkidle0' });
  return page.evaluate(PAINTS as never) as Promise<Paints>;
}

export async function landingFigures(browser: Browser, baseUrl: string): Promise<LandingFigures> {
  const context = await browser.createBrowserContext();
  try {
    const phone = await context.newPage();
    await phone.setViewport({ width: 412, height: 823, isMobile: true, hasTouch: true, deviceScaleFactor: 2.625 });
    await phone.emulateCPUThrottling(4);
    await phone.emulateNetworkConditions(SLOW_4G);
    // A first visit in English, as a new visitor with an English browser.
    await phone.setExtraHTTPHeaders({ 'accept-language': 'en-US,en;q=0.9' });
    const first = await visit(phone, `${baseUrl}/`);

    // The same visitor again: every hashed file must come from the browser's cache, without asking.
    let assetRequests = 0;
    phone.on('response', (response) => {
      if (new URL(response.url()).pathname.startsWith('/assets/') && !response.fromCache()) assetRequests += 1;
    });
    await phone.goto(`${baseUrl}/`, { waitUntil: 'networkidle0' });
    await phone.close();

    const desktop = await context.newPage();
    await desktop.setViewport({ width: 1366, height: 768 });
    const wide = await visit(desktop, `${baseUrl}/`);
    await desktop.close();

    return {
      jsKbOverWire: Math.round(first.jsBytes / 102.4) / 10,
      jsFiles: first.jsFiles,
      lcpMobileMs: Math.round(first.lcp),
      fcpMobileMs: Math.round(first.fcp),
      clsMobile: Math.round(first.cls * 1000) / 1000,
      clsDesktop: Math.round(wide.cls * 1000) / 1000,
      repeatVisitAssetRequests: assetRequests,
    };
  } finally {
    await context.close();
  }
}
