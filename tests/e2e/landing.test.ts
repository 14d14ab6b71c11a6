import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatMoney } from '../../machines/domain/money';
import { byRole, openPage, pageErrors, startE2E, takeHydrationErrors, textOf, waitForApp, waitForPath, type E2E } from './browser';

let e2e: E2E;
beforeAll(async () => {
  e2e = await startE2E();
});
afterAll(async () => e2e.close());

describe('the landing page', () => {
  it('shows the brand, the calls to action and the search metadata in English', async () => {
    const page = await openPage(e2e);
    await page.goto(`${e2e.baseUrl}/`, { waitUntil: 'networkidle0' });
    expect(await textOf(page, 'h1')).toBe('Rumbo Consular');
    expect(await page.title()).toContain('Rumbo Consular');
    const description = await page.$eval('meta[name="description"]', (m) => (m as HTMLMetaElement).content);
    expect(description).toContain('ESTA');
    const body = await textOf(page, 'body');
    // No figure the product cannot back (issue 44): no approval rate, no head count.
    expect(body).not.toMatch(/approval rate|people served/);
    expect(body).toContain('not a government agency');
    // The server's price story: the ESTA's $77 + $2.99 + $40 government fee, a DS-160 from Basic's $50 + $2.99 + $185.
    expect(body).toContain('$119.99');
    expect(body).toContain('$77.00 our service fee + $2.99 card processing + $40.00 ESTA government fee');
    expect(body).toContain('from $237.99');
    for (const name of ['Home', 'Visa Wizard', 'AI Chat', 'Pricing']) {
      expect(await byRole(page, 'link', name).wait()).toBeTruthy();
    }
    await byRole(page, 'link', 'Start Application').click();
    await waitForPath(page, '/visa-wizard');
    expect(pageErrors(page)).toEqual([]);
  });

  it('switches to Spanish with the landing switcher and keeps the choice after a reload', async () => {
    const page = await openPage(e2e);
    await page.goto(`${e2e.baseUrl}/`, { waitUntil: 'networkidle0' });
    await byRole(page, 'button', 'Español').click();
    await page.waitForFunction(() => document.documentElement.lang === 'es');
    expect(await textOf(page, 'body')).toContain('Iniciar solicitud');
    await page.reload({ waitUntil: 'networkidle0' });
    await page.waitForFunction(() => document.documentElement.lang === 'es');
    expect(await textOf(page, 'body')).toContain('Iniciar solicitud');
    expect(await page.$eval('#language-select', (s) => (s as HTMLSelectElement).value)).toBe('es');
    // Issue 45 item 12: the hero offers all four languages, each in its own name, and its feature icons are drawn
    // (inline SVG), never emoji a device without an emoji font shows as empty boxes.
    for (const name of ['English', 'Español', 'Français', 'Português']) expect(await byRole(page, 'button', name).wait()).toBeTruthy();
    expect(await page.$$('svg[data-feature-icon]')).toHaveLength(4);
    expect(await textOf(page, 'main')).not.toMatch(/\p{Extended_Pictographic}/u);
    // On a 375 px phone the header's language select leaves the brand uncovered.
    await page.setViewport({ width: 375, height: 800 });
    const overlap = await page.evaluate(() => {
      const logo = document.querySelector('header a')?.getBoundingClientRect();
      const select = document.querySelector('#language-select')?.getBoundingClientRect();
      if (!logo || !select) return -1;
      const x = Math.min(logo.right, select.right) - Math.max(logo.left, select.left);
      const y = Math.min(logo.bottom, select.bottom) - Math.max(logo.top, select.top);
      return x > 0 && y > 0 ? x : 0;
    });
    expect(overlap).toBe(0);
  });

  it('detects the browser language, then the time zone, and offers all four in the header', async () => {
    const french = await openPage(e2e, { languages: ['fr-FR'] });
    await french.goto(`${e2e.baseUrl}/`, { waitUntil: 'networkidle0' });
    await french.waitForFunction(() => document.documentElement.lang === 'fr');
    const brazil = await openPage(e2e, { languages: ['de-DE'], timeZone: 'America/Sao_Paulo' });
    await brazil.goto(`${e2e.baseUrl}/`, { waitUntil: 'networkidle0' });
    await brazil.waitForFunction(() => document.documentElement.lang === 'pt');
    const options = await brazil.$$eval('#language-select option', (os) => os.map((o) => (o as HTMLOptionElement).value));
    expect(options).toEqual(['en', 'es', 'fr', 'pt']);
    await brazil.select('#language-select', 'es');
    await brazil.waitForFunction(() => document.documentElement.lang === 'es');
    // The server could only read the browser's languages and sent the English page; the page was drawn afresh.
    expect(pageErrors(brazil)).toEqual([]);
  });

  it('arrives drawn in the language the browser asks for, and is taken over without being drawn again', async () => {
    const page = await openPage(e2e, { languages: ['es-ES', 'es'] });
    await page.setJavaScriptEnabled(false);
    await page.goto(`${e2e.baseUrl}/`, { waitUntil: 'networkidle0' });
    expect(await page.$eval('html', (html) => html.lang)).toBe('es');
    expect(await textOf(page, 'h1')).toBe('Rumbo Consular');
    expect(await textOf(page, 'main')).toContain('Iniciar solicitud');
    expect(await textOf(page, 'main')).toContain(formatMoney(119.99, 'es'));

    await page.setJavaScriptEnabled(true);
    // Counts the prerendered elements React throws away: none, when it hydrates what the server sent.
    await page.evaluateOnNewDocument(() => {
      const w = window as Window & { replaced?: number };
      w.replaced = 0;
      new MutationObserver((records) => {
        for (const record of records) for (const node of record.removedNodes) if (node instanceof Element && (node.matches('h1, header') || node.querySelector('h1'))) w.replaced = (w.replaced ?? 0) + 1;
      }).observe(document, { childList: true, subtree: true });
    });
    await page.goto(`${e2e.baseUrl}/`, { waitUntil: 'networkidle0' });
    await byRole(page, 'link', 'Iniciar sesión').wait();
    expect(await page.evaluate(() => (window as Window & { replaced?: number }).replaced)).toBe(0);
    expect(pageErrors(page)).toEqual([]);
    // Hydrated, it answers: the switcher changes the language and keeps the choice for the server too.
    await byRole(page, 'button', 'English').click();
    await page.waitForFunction(() => document.documentElement.lang === 'en');
    expect(await page.evaluate(() => document.cookie)).toContain('rumbo-language=en');
    await page.reload({ waitUntil: 'networkidle0' });
    expect(await page.$eval('#root', (root) => (root as HTMLElement).dataset.prerendered)).toBe('en');
    expect(await textOf(page, 'main')).toContain('Start Application');
  });

  it('says so when React cannot take the prerendered page over as it is, and the tests fail on it', async () => {
    const page = await openPage(e2e);
    // The server's page with one word changed, as a prerender that drifted from the client would be.
    await page.setRequestInterception(true);
    page.on('request', async (request) => {
      if (new URL(request.url()).pathname !== '/' || request.resourceType() !== 'document') return void request.continue();
      const response = await fetch(request.url(), { headers: { 'accept-language': 'en' } });
      const html = (await response.text()).replace('>Start Application</a>', '>Start Applying</a>');
      if (!html.includes('Start Applying')) throw new Error('The landing page no longer says Start Application');
      void request.respond({ status: 200, contentType: 'text/html; charset=utf-8', headers: { 'content-security-policy': response.headers.get('content-security-policy') ?? '' }, body: html });
    });
    await page.goto(`${e2e.baseUrl}/`, { waitUntil: 'networkidle0' });
    await byRole(page, 'link', 'Start Application').wait();
    // Taken here, so tests/e2e/setup.ts does not fail this test for what it set out to cause.
    const errors = takeHydrationErrors();
    expect(errors.length).toBeGreaterThan(0);
    expect(errors[0]).toContain('Hydration failed');
  });

  it('keeps what was typed into a prerendered page before React took it over', async () => {
    const page = await openPage(e2e);
    // The app's modules held back until the visitor has typed, as on a slow phone.
    let release: () => void = () => {};
    const released = new Promise<void>((resolve) => (release = resolve));
    await page.setRequestInterception(true);
    page.on('request', (request) => {
      if (!new URL(request.url()).pathname.startsWith('/assets/')) return void request.continue();
      void released.then(() => request.continue());
    });
    await page.goto(`${e2e.baseUrl}/visa-wizard`, { waitUntil: 'domcontentloaded' });
    expect(await page.$eval('#root', (root) => (root as HTMLElement).dataset.prerendered)).toBe('en');
    await page.type('[role="combobox"]', 'Spai');
    expect(await page.$('[role="option"]')).toBeNull();
    release();
    await waitForApp(page);
    // The text reached the flow: the list offers the country, and the next key goes on from there.
    await byRole(page, 'option', 'Spain').wait();
    expect(await page.$eval('[role="combobox"]', (el) => (el as HTMLInputElement).value)).toBe('Spai');
  });

  it('hydrates each entry page with the ids the server wrote, so every reference between elements holds', async () => {
    for (const path of ['/', '/visa-wizard', '/apply', '/pricing', '/apply/wizard']) {
      const page = await openPage(e2e);
      await page.goto(`${e2e.baseUrl}${path}`, { waitUntil: 'networkidle0' });
      expect(await page.$eval('#root', (root) => (root as HTMLElement).dataset.prerendered), path).toBe('en');
      await waitForApp(page);
      // A country list opened after hydration is named by React's ids on this side; the field's reference to it
      // was written by the server.
      if (await page.$('[role="combobox"]')) {
        await page.type('[role="combobox"]', 'Spa');
        await byRole(page, 'option', 'Spain').wait();
      }
      const broken = await page.evaluate(() =>
        [...document.querySelectorAll('[aria-controls], [aria-labelledby], [aria-describedby], label[for]')].flatMap((el) =>
          ['aria-controls', 'aria-labelledby', 'aria-describedby', 'for'].flatMap((name) =>
            (el.getAttribute(name) ?? '').split(/\s+/).filter((id) => id && !document.getElementById(id)).map((id) => `${name}="${id}"`),
          ),
        ),
      );
      expect(broken, path).toEqual([]);
      await page.close();
    }
  });

  it('fits a 375 px phone without horizontal scrolling', async () => {
    const page = await openPage(e2e, { width: 375 });
    await page.goto(`${e2e.baseUrl}/`, { waitUntil: 'networkidle0' });
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
  });
});

describe('other pages', () => {
  it('shows Page Not Found with the developer hint for unknown paths', async () => {
    const page = await openPage(e2e);
    const response = await page.goto(`${e2e.baseUrl}/no-such-page`, { waitUntil: 'networkidle0' });
    expect(response?.status()).toBe(404);
    expect(await textOf(page, 'h1')).toBe('404 - Page not found');
    expect(await textOf(page, 'body')).toContain('Did you forget to add the page to the router?');
  });
});
