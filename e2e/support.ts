import { randomUUID } from 'node:crypto';
import { mkdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { expect, type Locator, type Page, type TestInfo } from '@playwright/test';

const shotsDir = join(import.meta.dirname, process.env.E2E_ARTIFACTS_DIR ?? 'artifacts', 'screenshots');

/** Selects the field's text, deletes it with the keyboard and types or pastes `text` (as a person replaces a value). */
export const retype = async (field: Locator, text: string) => {
  await field.click();
  await field.press('ControlOrMeta+a');
  await field.press('Backspace');
  await field.page().keyboard.insertText(text);
};

/** Full-page screenshot named after the test, kept under e2e/artifacts/screenshots. */
export const screenshot = async (page: Page, info: TestInfo, suffix = '') => {
  mkdirSync(shotsDir, { recursive: true });
  const name = `${info.titlePath.slice(1).join(' - ')}${suffix ? ` - ${suffix}` : ''}`
    .replace(/[^\p{L}\p{N} _-]+/gu, '')
    .slice(0, 150);
  await page.screenshot({ path: join(shotsDir, `${name}.png`), fullPage: true });
};

/** axe-core's own build, evaluated once in each page that is checked. */
const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

type AxeViolation = {
  id: string;
  help: string;
  impact?: string | null;
  nodes: { target: string[]; failureSummary?: string }[];
};

/**
 * WCAG 2 A/AA check of the page; fails on serious or critical violations. `within`: only that part
 * (the route walk checks each screen's `main`: the shell around it is the same on every route and
 * is checked whole on the homes and the domain journeys). axe-core runs in the page itself, asked
 * for its violations only: the same rules as @axe-core/playwright's builder, which also collected
 * passes and finished each run in a page of its own, at 3 to 5 times the cost (4-6 s a screen on CI).
 */
export const expectAccessible = async (page: Page, options: { within?: string } = {}) => {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axeSource);
  const violations = await page.evaluate(async (within) => {
    // The state as painted: the portal's reduced-motion rule (app/reduced-motion.css; the journeys
    // ask for reduced motion) gives every style change a 0.01 ms transition, which the browser starts
    // at the next frame and ends at the one after. Until then getComputedStyle still answers the old
    // colours: a button just enabled reads as disabled (#adb5bd on #e9ecef, 1.74), a menu entry just
    // made active as black on the brand's blue (3.42), and axe reports them. So two frames on, then
    // frame by frame until no finite transition or animation runs (a loader's endless one does not
    // count). At most a second, also for a page that draws no frames.
    await new Promise<void>((settled) => {
      const timer = setTimeout(settled, 1000);
      const moving = () =>
        document
          .getAnimations()
          .some((a) => a.playState === 'running' && a.effect?.getTiming().iterations !== Infinity);
      const tick = () => {
        if (!moving()) {
          clearTimeout(timer);
          settled();
        } else requestAnimationFrame(tick);
      };
      requestAnimationFrame(() => requestAnimationFrame(tick));
    });
    const { violations } = await (
      window as unknown as {
        axe: { run: (context: unknown, options: unknown) => Promise<{ violations: AxeViolation[] }> };
      }
    ).axe.run(within ? { include: [within] } : document, {
      runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] },
      resultTypes: ['violations'],
    });
    return violations;
  }, options.within);
  const blocking = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(
    blocking.map(
      (v) =>
        `${v.id}: ${v.help} (${v.nodes.map((n) => `${n.target.join(' ')} ${n.failureSummary ?? ''}`).join(', ')})`,
    ),
    `axe on ${page.url()}`,
  ).toEqual([]);
};

/** The portal URL of a demo host (Chromium resolves *.localhost to loopback). */
export const hostUrl = (host: string, path = '/') => {
  const port = Number(process.env.E2E_PORT ?? 3210);
  return `http://${host}:${port}${path}`;
};

/** Password of every demo identity (README). */
export const demoPassword = 'Aval@2026';

export type DemoUser = {
  username: string;
  /** Where /redirect-to-home lands this user (HomeMenuId of the seed). */
  home: string;
  name: string;
  userType: number;
};

/** Demo identities of Aurora (company 54); the same pattern exists for fianca, pilar and horizonte. */
export const demoUsers = {
  admin: { username: 'admin@aurora.demo', home: '/inicio', name: 'Helena Duarte', userType: 1 },
  analyst: { username: 'analista@aurora.demo', home: '/inicio', name: 'Rafael Moreira', userType: 1 },
  broker: { username: 'corretor@aurora.demo', home: '/inicio', name: 'Marina Lopes', userType: 2 },
  policyHolder: {
    username: 'tomador@aurora.demo',
    home: '/inicio',
    name: 'Construtora Horizonte Azul Ltda.',
    userType: 3,
  },
  agent: { username: 'agente@aurora.demo', home: '/inicio', name: 'Tiago Fernandes', userType: 5 },
  advisor: {
    username: 'assessor@aurora.demo',
    home: '/corretor-assessoria',
    name: 'Beatriz Campos',
    userType: 6,
  },
} satisfies Record<string, DemoUser>;

export const defaultHost = 'aurora.localhost';

/** Fills and submits the login form (on the current page, or opening /login first). */
export const submitLogin = async (page: Page, username: string, password = demoPassword) => {
  if (!new URL(page.url()).pathname.startsWith('/login')) await page.goto(hostUrl(defaultHost, '/login'));
  await page.getByLabel('Usuário ou e-mail').fill(username);
  await page.locator('input[name=password]').fill(password);
  await page.getByRole('button', { name: 'Entrar' }).click();
};

/** 'Li e concordo' is offered once the reader has scrolled to the end of the terms. */
const readTermsToTheEnd = async (page: Page, accept: Locator) => {
  await expect(page.getByTestId('terms-document')).toBeVisible();
  await page.getByTestId('terms-end').scrollIntoViewIfNeeded();
  await expect(accept).toBeEnabled();
};

/** Accepts the terms of use when the full-screen popup shows them. */
export const acceptTermsIfAsked = async (page: Page) => {
  const accept = page.getByRole('button', { name: 'Li e concordo' });
  const terms = page.getByRole('dialog', { name: 'Termos de uso' });
  try {
    await terms.waitFor({ state: 'visible', timeout: 2500 });
  } catch {
    return;
  }
  await readTermsToTheEnd(page, accept);
  await accept.click();
  await expect(terms).toBeHidden();
};

/**
 * Signs in as a demo user and waits for their home (terms accepted). By default the tokens come
 * from the token endpoint and the portal starts with them (what a reload of a signed-in tab does);
 * `through: 'form'` types them into the login page, for the journeys about signing in.
 */
export const signIn = async (
  page: Page,
  user: DemoUser,
  host = defaultHost,
  options: { through?: 'token' | 'form' } = {},
) => {
  const through = options.through ?? 'token';
  if (through === 'token') {
    // Node does not resolve *.localhost as Chromium does: the API is asked on localhost.
    const config = await page.request.get(
      hostUrl('localhost', `/api/Application/GetPortalConfig?dns=${host}`),
    );
    const companyKey = ((await config.json()) as { Response: { CompanyKey: string } }).Response.CompanyKey;
    const res = await page.request.post(hostUrl('localhost', '/connect/token'), {
      headers: { companykey: companyKey },
      form: {
        grant_type: 'password',
        username: user.username,
        password: demoPassword,
        client_id: 'aval-portal',
        client_secret: 'aval-portal-spa',
        scope: 'openid offline_access',
      },
    });
    expect(res.status(), `token for ${user.username}`).toBe(200);
    // Once per tab and only on this host: a later logout or another host starts signed out.
    await page.addInitScript(
      ({ authData, host, once }) => {
        if (location.hostname !== host || sessionStorage.getItem(once)) return;
        sessionStorage.setItem(once, '1');
        localStorage.setItem('authData', authData);
      },
      { authData: JSON.stringify(await res.json()), host, once: `e2e-signed-in-${randomUUID()}` },
    );
  } else {
    await page.goto(hostUrl(host, '/login'));
  }
  // The portal asks whether the latest terms are signed once the user is in: wait for that answer
  // rather than a fixed time (on a loaded machine the terms popup may come after seconds).
  const termsAnswer = page.waitForResponse(
    (r) => /\/VerifyUserInfoAssignLastTermOfUser$/i.test(new URL(r.url()).pathname),
    {
      timeout: 60_000,
    },
  );
  if (through === 'token') await page.goto(hostUrl(host, '/redirect-to-home'));
  else await submitLogin(page, user.username);
  // The home comes after GetUserInfo: seconds on a loaded machine.
  await expect(page).toHaveURL(new RegExp(`${user.home}$`), { timeout: 30_000 });
  const signed = ((await (await termsAnswer).json()) as { Response?: unknown }).Response;
  if (signed === false) {
    const terms = page.getByRole('dialog', { name: 'Termos de uso' });
    await expect(terms).toBeVisible();
    await readTermsToTheEnd(page, terms.getByRole('button', { name: 'Li e concordo' }));
    await terms.getByRole('button', { name: 'Li e concordo' }).click();
    await expect(terms).toBeHidden();
  }
  await expect(page.getByTestId('user-menu')).toBeVisible();
};

/** localStorage of the page as a plain object. */
export const readStorage = (page: Page) =>
  page.evaluate(() => Object.fromEntries(Object.entries(localStorage)) as Record<string, string>);
