import {
  confirmBankSlipPayment,
  getPolicySroRegistrations,
  issueProposal,
  Permission as P,
  requestIssuance,
  type SroAnswer,
  type SroRegistration,
  UserType,
} from '@aval/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll } from 'vitest';
import { brokers } from '../modules/brokers/brokers.table.js';
import {
  type Received,
  type RegistradoraSim,
  startRegistradoraSim,
} from '../registradora-sim/registradora-sim.js';
import type { SusepEntry } from '../registradora-sim/susep-register.js';
import { createTestApp, type TestApp } from './harness.js';
import { approvedProposal, type QuoteSetup, quoteSetup, signCcg } from './proposals.js';
import { until } from './wait.js';

/** Insurer staff of company 54 with permission 49 (and 24, the policy detail). */
export const sroStaff = {
  cid: 54,
  utp: UserType.INSURANCE,
  prm: [P.GERENCIAR_REGISTROS_SRO, P.VISUALIZAR_APOLICES],
};
/** The insurer's issuer: confirms the first payment, which issues the policy. */
export const sroIssuer = { cid: 54, utp: UserType.INSURANCE, prm: [P.GERENCIAR_PROPOSTAS_SEGURADORA] };

/**
 * What the SRO tests do against the API and its simulated registradora (a real server, docs/sro.md):
 * issue a policy through the portal's calls, read its registrations, wait for them, and drive the
 * simulator's admin API (its behaviour, what it received and registered, its SUSEP register).
 */
export const sroKit = (t: TestApp, s: QuoteSetup, sim: RegistradoraSim) => {
  const admin = async (path: string, method = 'GET', body?: object) => {
    const res = await fetch(`${sim.url}/admin/${path}`, {
      method,
      body: body && JSON.stringify(body),
    });
    if (!res.ok) throw new Error(`simulator ${method} /admin/${path}: ${res.status}`);
    return res.json() as Promise<unknown>;
  };

  /**
   * A proposal issued through the portal's calls: the broker sends it, the boletos are booked, the
   * insurer confirms the first payment (which issues it). `before` may change the proposal first;
   * `extra` goes into its draft (co-brokers).
   */
  const issuePolicy = async (
    installments = 1,
    before?: (proposal: { id: number; number: number }) => Promise<unknown>,
    extra?: Record<string, unknown>,
  ) => {
    const p = await approvedProposal(t, s, { installments, extra });
    await before?.(p);
    await t.data(requestIssuance, { as: 'corretor', body: { ProposalUniqueId: p.uniqueId } });
    await t.data(issueProposal, { as: 'corretor', body: { ProposalUniqueId: p.uniqueId } });
    const issued = await t.data(confirmBankSlipPayment, {
      as: sroIssuer,
      body: { ProposalUniqueId: p.uniqueId, InstallmentNumber: 1 },
    });
    return { proposal: p, policy: issued.Policy! };
  };

  const registrationsOf = (policyUniqueId: string) =>
    t.data(getPolicySroRegistrations, { as: sroStaff, query: { PolicyUniqueId: policyUniqueId } });

  return {
    issuePolicy,
    registrationsOf,
    /** Waits until every registration of the policy (at least `n`) satisfies `done`. */
    settled: (policyUniqueId: string, n: number, done = (r: SroRegistration) => r.StatusId === 3) =>
      until(async () => {
        const list = await registrationsOf(policyUniqueId);
        return list.length >= n && list.every(done) && list;
      }, `${n} SRO registrations settled`),
    /** Waits for the policy's issuance registration to be rejected: the policy's registrations. */
    rejected: (policyUniqueId: string) =>
      until(async () => {
        const list = await registrationsOf(policyUniqueId);
        return list[0]?.StatusId === 4 && list;
      }, 'the rejection'),
    /** What the registradora received about one policy number, in order. */
    receivedFor: (number: string) =>
      sim.received.filter(
        (r: Received) =>
          (r.body as { apolice?: { numeroApolice?: string } })?.apolice?.numeroApolice === number,
      ),
    simBehaviour: (b: object) => admin('behaviour', 'POST', b),
    simRecords: async () => (await admin('records')) as (SroAnswer & { registrations: number })[],
    /** The simulator's SUSEP register: list it, add an entry, remove a code. */
    susep: {
      list: async () => (await admin('susep')) as SusepEntry[],
      add: (e: SusepEntry) => admin('susep', 'POST', e),
      remove: (code: string) => admin(`susep/${encodeURIComponent(code)}`, 'DELETE'),
    },
    /** Sets a brokerage's SUSEP code on its record (what the analyst does on Corretores). */
    setSusep: (brokerId: number, code: string) =>
      t.database.db.update(brokers).set({ susepProtocol: code }).where(eq(brokers.id, brokerId)),
    /** A brokerage's record as stored (its SUSEP code, its CNPJ). */
    brokerage: async (brokerId: number) => {
      const [b] = await t.database.db.select().from(brokers).where(eq(brokers.id, brokerId));
      return b!;
    },
  };
};

/**
 * The API with its job workers sending to a simulated registradora of its own (the one thing
 * outside: a real server on an OS-given port), a quote setup with a signed CCG, and the kit.
 */
export const startSroTestApp = async () => {
  const sim = await startRegistradoraSim();
  const t = await createTestApp({
    jobWorkers: true,
    env: { SRO_REGISTRADORA_URL: sim.url, SRO_REGISTRADORA_TIMEOUT_MS: '1000' },
  });
  const s = await quoteSetup(t);
  await signCcg(t, s.holder.id);
  return {
    t,
    s,
    sim,
    kit: sroKit(t, s, sim),
    close: async () => {
      await t.close();
      await sim.close();
    },
  };
};

export type SroTestApp = Awaited<ReturnType<typeof startSroTestApp>>;

/** A test file's SRO app: started before its tests, closed after them (fields set once started). */
export const useSroTestApp = () => {
  const app = {} as SroTestApp;
  beforeAll(async () => {
    Object.assign(app, await startSroTestApp());
  });
  afterAll(() => app.close?.());
  return app;
};
