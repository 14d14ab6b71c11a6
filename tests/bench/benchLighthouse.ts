// Lighthouse 12 (mobile, simulated throttling: its default) on the entry pages, an auditor nobody here wrote.
// Each page is audited in a fresh Chromium profile, so nothing is cached and no language is stored.
import lighthouse from 'lighthouse';
import puppeteer from 'puppeteer-core';
import { CHROMIUM } from '../e2e/browser';

export interface LighthouseFigures {
  path: string;
  performance: number;
  accessibility: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  /** The accessibility audits that failed, by id, so a miss says where to look. */
  failedAccessibility: string[];
}

const score = (value: number | null | undefined) => Math.round((value ?? 0) * 100);

export async function lighthouseFigures(baseUrl: string, paths: readonly string[], runs = 1): Promise<LighthouseFigures[]> {
  const figures: LighthouseFigures[] = [];
  for (const path of paths) {
    const samples: LighthouseFigures[] = [];
    for (let run = 0; run < runs; run += 1) samples.push(await audit(`${baseUrl}${path}`, path));
    // The median run by performance, as Lighthouse's own guidance suggests for a noisy machine.
    samples.sort((a, b) => a.performance - b.performance);
    figures.push(samples[Math.floor(samples.length / 2)]!);
  }
  return figures;
}

async function audit(url: string, path: string): Promise<LighthouseFigures> {
  const browser = await puppeteer.launch({
    executablePath: CHROMIUM,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--remote-debugging-port=0'],
  });
  try {
    const port = Number(new URL(browser.wsEndpoint()).port);
    const result = await lighthouse(url, { port, output: 'json', logLevel: 'error', onlyCategories: ['performance', 'accessibility'], locale: 'en-US' });
    if (!result) throw new Error(`Lighthouse gave no result for ${url}`);
    const { lhr } = result;
    if (lhr.runtimeError) throw new Error(`Lighthouse on ${url}: ${lhr.runtimeError.message}`);
    const numeric = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
    const failedAccessibility = lhr.categories.accessibility!.auditRefs
      .filter((ref) => ref.weight > 0 && lhr.audits[ref.id]?.score === 0)
      .map((ref) => ref.id);
    return {
      path,
      performance: score(lhr.categories.performance!.score),
      accessibility: score(lhr.categories.accessibility!.score),
      lcpMs: Math.round(numeric('largest-contentful-paint')),
      tbtMs: Math.round(numeric('total-blocking-time')),
      cls: Math.round(numeric('cumulative-layout-shift') * 1000) / 1000,
      failedAccessibility,
    };
  } finally {
    await browser.close();
  }
}
