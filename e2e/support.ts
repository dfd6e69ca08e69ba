import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { AxeBuilder } from '@axe-core/playwright';
import { expect, type Page, type TestInfo } from '@playwright/test';

const shotsDir = join(import.meta.dirname, 'artifacts', 'screenshots');

/** Full-page screenshot named after the test, kept under e2e/artifacts/screenshots. */
export const screenshot = async (page: Page, info: TestInfo, suffix = '') => {
  mkdirSync(shotsDir, { recursive: true });
  const name = `${info.titlePath.slice(1).join(' - ')}${suffix ? ` - ${suffix}` : ''}`
    .replace(/[^\p{L}\p{N} _-]+/gu, '')
    .slice(0, 150);
  await page.screenshot({ path: join(shotsDir, `${name}.png`), fullPage: true });
};

/** WCAG 2 A/AA check of the page; fails on serious or critical violations. */
export const expectAccessible = async (page: Page) => {
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  const blocking = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(
    blocking.map(
      (v) =>
        `${v.id}: ${v.help} (${v.nodes.map((n) => `${n.target.join(' ')} ${n.failureSummary ?? ''}`).join(', ')})`,
    ),
  ).toEqual([]);
};

/** The portal URL of a demo host (Chromium resolves *.localhost to loopback). */
export const hostUrl = (host: string, path = '/') => {
  const port = Number(process.env.E2E_PORT ?? 3210);
  return `http://${host}:${port}${path}`;
};
