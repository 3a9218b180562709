import { existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { chromium, type BrowserContext, type BrowserContextOptions } from 'playwright-core';

/** Where browser tests keep their screenshots (gitignored). */
export const ARTIFACTS = join(process.cwd(), 'test-artifacts');

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/**
 * A real headless Chromium (Debian's package; .ci/run installs it) with a temporary profile that
 * goes with it. Only the test server on 127.0.0.1 is reached: no network, no updates, no sync.
 * `context` is one browser's storage; `newContext()` gives another person's browser (its own
 * cookies and localStorage), as cheaply as an incognito window.
 */
export async function launchBrowser(): Promise<{
  context: BrowserContext;
  newContext(options?: BrowserContextOptions): Promise<BrowserContext>;
  close(): Promise<void>;
}> {
  if (!existsSync(CHROMIUM))
    throw new Error(`no Chromium at ${CHROMIUM}: install Debian's chromium package (apt-get install -y chromium), as .ci/run does`);
  mkdirSync(ARTIFACTS, { recursive: true });
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
  const newContext = (options: BrowserContextOptions = {}) =>
    browser.newContext({ viewport: { width: 1280, height: 900 }, locale: 'en-GB', ...options });
  const context = await newContext();
  return {
    context,
    newContext,
    async close() {
      await browser.close();
    },
  };
}
