/**
 * Debian's Chromium as the journeys and the benchmarks launch it (never a downloaded browser):
 * e2e/playwright.config.ts and bench/home-usable.mjs.
 */
export const chromiumLaunchOptions = {
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ],
};
