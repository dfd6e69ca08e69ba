import { requestRecoveryPassword, saveUserInfo, validateBrokerRegistrationRequest } from '@aval/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { companies } from '../../db/platform.table.js';
import { uniqueCnpj, uniqueEmail, uniqueTag } from '../../test/factories.js';
import { createTestApp, demoUser, type TestApp } from '../../test/harness.js';
import { mailText, startSmtpServer } from '../../test/smtp.js';

/**
 * Links in e-mails point at the company's configured portal, whatever Host header the request
 * carried (a forged one would send the recipient, with a live token, to the forger's site).
 */
let t: TestApp;
let smtp: Awaited<ReturnType<typeof startSmtpServer>>;

beforeAll(async () => {
  smtp = await startSmtpServer();
  t = await createTestApp({ jobWorkers: true, env: { SMTP_URL: smtp.url } });
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

const FORGED = { host: 'portal.atacante.example:6666', 'x-forwarded-host': 'portal.atacante.example' };

/** Every link of the e-mail to `to` that leads to `path`, once it arrived through SMTP. */
const linksMailedTo = async (to: string, path: string) => {
  const text = mailText((await smtp.waitForMail(to)).raw);
  expect(text).not.toContain('atacante');
  expect(text).not.toContain('6666');
  const links = [...text.matchAll(/https?:\/\/[^\s"'<>]+/g)].map((m) => m[0]).filter((l) => l.includes(path));
  expect(links.length).toBeGreaterThan(0);
  return links;
};

const setPublicUrl = (companyId: number, publicUrl: string | null) =>
  t.database.db.update(companies).set({ publicUrl }).where(eq(companies.id, companyId));

describe('links in e-mails', () => {
  it("should use the company's default host on the configured port when it has no public URL", async () => {
    const res = await t.call(requestRecoveryPassword, {
      headers: FORGED,
      body: { Email: demoUser('analista') },
    });
    expect(res.status).toBe(200);
    for (const link of await linksMailedTo(demoUser('analista'), '/alterar-senha/')) {
      expect(link).toMatch(/^http:\/\/aurora\.localhost:3000\/alterar-senha\/[A-Za-z0-9_-]{43}$/);
    }
  });

  it("should use the company's configured public URL (scheme and host) for recovery, first access and registration", async () => {
    await setPublicUrl(54, 'https://garantia.aurora.example/');
    await setPublicUrl(325, 'https://portal.fianca.example');
    try {
      await t.call(requestRecoveryPassword, { headers: FORGED, body: { Email: demoUser('corretor') } });
      for (const link of await linksMailedTo(demoUser('corretor'), '/alterar-senha/')) {
        expect(link).toMatch(/^https:\/\/garantia\.aurora\.example\/alterar-senha\/[A-Za-z0-9_-]{43}$/);
      }

      const email = uniqueEmail('primeiro');
      const created = await t.call(saveUserInfo, {
        as: 'admin',
        headers: FORGED,
        body: { Name: `Pessoa ${uniqueTag()}`, Email: email, UserTypeId: 1 },
      });
      expect(created.status).toBe(200);
      for (const link of await linksMailedTo(email, '/primeiro-acesso/')) {
        expect(link).toMatch(/^https:\/\/garantia\.aurora\.example\/primeiro-acesso\/[A-Za-z0-9_-]{43}$/);
      }

      // Another insurer's e-mails go to its own portal, even when the request names the first one's.
      const brokerEmail = uniqueEmail('corretora');
      const cnpj = uniqueCnpj({ masked: true });
      const started = await t.call(validateBrokerRegistrationRequest, {
        companyKey: 325,
        headers: { host: 'garantia.aurora.example' },
        query: { Cnpj: cnpj, Email: brokerEmail },
      });
      expect(started.status).toBe(200);
      for (const link of await linksMailedTo(brokerEmail, '/completar-cadastro/')) {
        expect(link).toMatch(
          /^https:\/\/portal\.fianca\.example\/completar-cadastro\/[0-9A-Z]{14}\?token=[A-Za-z0-9_-]{43}$/,
        );
      }
    } finally {
      await setPublicUrl(54, null);
      await setPublicUrl(325, null);
    }
  });
});
