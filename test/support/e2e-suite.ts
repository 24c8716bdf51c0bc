import type { Browser } from 'playwright-core';
import { startE2eStack, type E2eStack } from './process-stack';
import { launchBrowser } from './browser';

/**
 * A browser test file's set-up, written once: the stack PORTAL_STACK names (`startE2eStack`: processes by default,
 * Docker in the deep run) and Debian's Chromium, started before the file's tests and both closed after them. `ready`
 * receives them once both are up — the file keeps them, and makes its own preparations (a meeting booked, users signed in).
 */
export function e2eSuite(opts: Parameters<typeof startE2eStack>[0], ready: (stack: E2eStack, browser: Browser) => void | Promise<void>): void {
  let stack: E2eStack | undefined;
  let browser: Browser | undefined;
  beforeAll(async () => {
    stack = await startE2eStack(opts);
    browser = await launchBrowser();
    await ready(stack, browser);
  });
  afterAll(async () => {
    await browser?.close();
    await stack?.close();
  });
}
