import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';

/** Debian's Chromium, driven by playwright-core (browsers are never downloaded). */
export async function launchBrowser(): Promise<Browser> {
  if (!existsSync(join(__dirname, '..', '..', 'shell', 'dist', 'index.html'))) throw new Error('The web front end is not built: run `npm run build:web` first');
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-dev-shm-usage',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
  });
}

export interface WatchedPage {
  page: Page;
  context: BrowserContext;
  errors: string[];
}

/** A fresh browser context whose console errors and page errors are collected. */
export async function openPage(
  browser: Browser,
  opts: {
    lang?: 'vi' | 'en';
    phone?: boolean /** The portal's language as the user chose it (kept in the browser, as the switch keeps it). */;
    chosen?: boolean;
  } = {},
): Promise<WatchedPage> {
  // A phone: 390 × 844 CSS pixels (an iPhone 12–15), touch, at its pixel ratio.
  const screen = opts.phone
    ? { viewport: { width: 390, height: 844 }, deviceScaleFactor: 3, isMobile: true, hasTouch: true }
    : { viewport: { width: 1400, height: 900 } };
  // Reduced motion: the portal then turns antd's animations off (app/Providers.tsx), as it does for any user who asks.
  const context = await browser.newContext({ ...screen, locale: opts.lang === 'en' ? 'en-US' : 'vi-VN', reducedMotion: 'reduce' });
  if (opts.chosen && opts.lang) await context.addInitScript((lang) => localStorage.setItem('language', lang), opts.lang);
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(m.text());
  });
  page.on('pageerror', (e) => errors.push(`pageerror: ${e.message}`));
  // Name the failed request next to Chromium's bare "Failed to load resource" line.
  page.on('response', (r) => {
    if (r.status() >= 400) errors.push(`${r.status()} ${r.request().method()} ${new URL(r.url()).pathname}`);
  });
  // A shared 2-core machine running two test files at once can starve the browser for seconds (two CI runs failed on a
  // 15 s wait for a page that was merely slow): a wait fails after 30 s, or E2E_TIMEOUT_MS.
  page.setDefaultTimeout(Number(process.env.E2E_TIMEOUT_MS ?? 30_000));
  return { page, context, errors };
}

export async function signInUi(page: Page, base: string, login: string, password: string) {
  await page.goto(`${base}/login`);
  await page.getByLabel(/Email hoặc tên đăng nhập|Email or username/).fill(login);
  await page.getByLabel(/^(Mật khẩu|Password)$/).fill(password);
  await page.getByRole('button', { name: /^(Đăng nhập|Sign in)$/ }).click();
  await page.waitForURL(`${base}/`);
}

/**
 * Waits until the list's pagination total reads `n`. On timeout it fails with what the page showed instead (the
 * total, the rows, any error text), so a mismatch is told apart from a slow page.
 */
export async function waitForTotal(page: Page, n: number, timeout = 45_000) {
  const total = page.locator('.ant-pagination-total-text');
  const deadline = Date.now() + timeout;
  let seen = '';
  while (Date.now() < deadline) {
    seen = (await total.allInnerTexts()).join(' | ');
    if (new RegExp(`\\b${n}\\b`).test(seen)) return;
    await page.waitForTimeout(250);
  }
  const rows = await page.locator('.ant-table-row').count();
  const alerts = await page.locator('.ant-result, .ant-alert, .ant-empty').allInnerTexts();
  throw new Error(`list total ${n} not shown after ${timeout} ms at ${page.url()}: total "${seen}", ${rows} rows, ${JSON.stringify(alerts)}`);
}

/**
 * Opens a detail page's tab by its name. A staff page has more tabs than fit: the bar scrolls to the tab clicked,
 * so a click can land mid-scroll; it is repeated until the tab is selected.
 */
export async function openTab(page: Page, name: string) {
  const tab = page.getByRole('tab', { name });
  for (let i = 0; i < 5 && (await tab.getAttribute('aria-selected')) !== 'true'; i++) {
    await tab.click();
    await page.waitForTimeout(300);
  }
  expect(await tab.getAttribute('aria-selected')).toBe('true');
}

/** The page is no wider than the screen: nothing sticks out sideways (a table scrolls inside its own box). */
export async function fitsScreen(page: Page): Promise<{ screen: number; page: number }> {
  return page.evaluate(() => ({ screen: window.innerWidth, page: document.documentElement.scrollWidth }));
}

/**
 * Every entry of a remote's sidebar opens a page of its own at `/<base><entry path>`: something drawn, neither "Page not
 * found" nor "Not authorized" (the routes come from the same list as the menu: ui-kit domainRoutes).
 */
export async function expectEveryEntryOpens(page: Page, url: string, base: string, menu: readonly { path: string; page?: string }[]): Promise<void> {
  for (const entry of menu) {
    // A shortcut into another area (MenuEntry.page) opens that area's page.
    await page.goto(`${url}${entry.page ?? `/${base}${entry.path}`}`);
    await page.locator('.ant-card').first().waitFor();
    expect({
      path: entry.page ?? entry.path,
      notFound: await page.getByText('Không tìm thấy trang').count(),
      denied: await page.getByText('Bạn không có quyền truy cập').count(),
    }).toEqual({ path: entry.page ?? entry.path, notFound: 0, denied: 0 });
  }
}

/** Elements of the navbar and the page's content whose right edge is past the screen's, unless a scrolling or clipping box holds them. */
export async function pastRightEdge(page: Page) {
  return page.evaluate(() => {
    const width = window.innerWidth;
    const clipped = (el: Element) => {
      for (let p = el.parentElement; p; p = p.parentElement) {
        if (getComputedStyle(p).overflowX !== 'visible' && p.getBoundingClientRect().right <= width + 1) return true;
      }
      return false;
    };
    return Array.from(document.querySelectorAll('.ant-layout-header *, .ant-layout-content *'))
      .filter((el) => {
        const r = el.getBoundingClientRect();
        return r.width > 0 && r.height > 0 && r.right > width + 1 && !clipped(el);
      })
      .map((el) => `${el.tagName.toLowerCase()}.${Array.from(el.classList).join('.')} "${(el as HTMLElement).innerText?.slice(0, 30)}"`);
  });
}

/** Opens every group and sub-group of the sidebar (at 1440 px, or in the phone's drawer once it is open); the menu. */
export async function openSidebarGroups(page: Page) {
  const menu = page.getByTestId('side-menu');
  await menu.waitFor();
  for (let i = 0; i < 40; i++) {
    const closed = menu.locator('li.ant-menu-submenu:not(.ant-menu-submenu-open) > .ant-menu-submenu-title');
    if (!(await closed.count())) break;
    // A click event on the group's title: in the phone's emulated drawer, Playwright's hit test at the title's centre
    // can miss (the screenshots show nothing covering it).
    await closed.first().dispatchEvent('click');
    // A group opens with antd's height motion, ended by its 500 ms deadline when motion is reduced.
    await page.waitForTimeout(600);
  }
  expect(await menu.locator('li.ant-menu-submenu:not(.ant-menu-submenu-open)').count()).toBe(0);
  return menu;
}

/**
 * Elements of the navbar and the page's content cut off at the right: past the screen's edge, or past the edge of a box
 * that hides what overflows it (a card's header squeezing its buttons) — unless that box scrolls (a wide table) or is a
 * tab bar (whose hidden tabs its "more" button lists).
 */
export async function cutAtRightEdge(page: Page) {
  return page.evaluate(() => {
    const width = window.innerWidth;
    return Array.from(document.querySelectorAll('.ant-layout-header *, .ant-layout-content *'))
      .filter((el) => {
        const r = el.getBoundingClientRect();
        // An icon's drawing, a switch's hidden label and a number box's arrows are hidden by design (their box is what counts);
        // a table scrolls inside its own box.
        if (!(r.width > 0 && r.height > 0) || el.closest('.ant-tabs-nav, svg, .ant-switch, .ant-input-number-actions, .ant-table')) return false;
        let edge = width;
        for (let p = el.parentElement; p; p = p.parentElement) {
          const ox = getComputedStyle(p).overflowX;
          if (ox === 'visible') continue;
          if (ox === 'auto' || ox === 'scroll') return false;
          edge = Math.min(width, p.getBoundingClientRect().right);
          (el as HTMLElement).dataset.cutBy = `${p.tagName.toLowerCase()}.${Array.from(p.classList).join('.')}`;
          break;
        }
        return r.right > edge + 1;
      })
      .map(
        (el) =>
          `${el.tagName.toLowerCase()}.${Array.from(el.classList).join('.')} "${(el as HTMLElement).innerText?.slice(0, 30)}"${(el as HTMLElement).dataset.cutBy ? ` in ${(el as HTMLElement).dataset.cutBy}` : ''}`,
      );
  });
}
