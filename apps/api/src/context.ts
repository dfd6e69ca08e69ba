import type { PermissionId, TagParty, UserTypeId } from '@aval/domain';
import type { PgListener } from '@aval/transport/listener';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './config.js';
import type { Database, DbOrTx, Tx } from './db/client.js';
import type { AccessCache } from './modules/auth/access.js';
import type { SendMailQueue } from './modules/auth/mail.jobs.js';
import type { DocumentListener, DocumentOwnerRules } from './modules/documents/document-owners.js';
import type { CardOwners } from './modules/kanban/kanban.owners.js';
import type { CepProvider } from './modules/locations/cep-provider.js';
import type { LastEndorsementDocument, PolicyDocumentRenderer } from './modules/policies/policies.service.js';
import type { SroPolicyOwner } from './modules/sro/sro.owners.js';
import type { Jobs } from './plugins/jobs.js';
import type { Mailer } from './plugins/mail.js';
import type { Metrics } from './plugins/metrics.js';
import type { BlobStore, UrlSigner } from './plugins/storage.js';
import type { TokenKeys } from './plugins/tokens.js';

/** The infrastructure every module reaches through its request context. */
export type Platform = {
  config: Config;
  database: Database;
  blobs: BlobStore;
  signer: UrlSigner;
  mail: Mailer;
  jobs: Jobs;
  /** The process's one LISTEN/NOTIFY connection (plugins/notifications.ts). */
  listener: PgListener;
  tokens: TokenKeys;
  /** Per-request permissions and active flag of signed-in users (modules/auth/access.ts). */
  access: AccessCache;
  log: FastifyBaseLogger;
  queues: { sendMail: SendMailQueue };
  cep: CepProvider;
  /**
   * The process's Prometheus metrics (plugins/metrics.ts): modules count their business events.
   * Absent on the demo seed's platform (nothing serves metrics then).
   */
  metrics?: Metrics;
  /** What modules lend one another against the import direction (wiring.ts). */
  wiring: ModuleWiring;
};

/**
 * What a module needs from modules it may not import, given once per app by `wireModules`
 * (wiring.ts) when the app is built: nothing is registered as a side effect of registering routes,
 * and two apps in one process (the tests build many) share none of it.
 */
/**
 * What the transport and the job runner ask of the portal and users modules, which they may not
 * import (they sit below every module): the companies, and the caller's links (broker, holder…).
 */
export type Directory = {
  companyByKey: (db: DbOrTx, key: string) => Promise<Company | undefined>;
  companyById: (db: DbOrTx, id: number) => Promise<Company | undefined>;
  companies: (db: DbOrTx) => Promise<Company[]>;
  callerLinks: (ctx: Pick<TenantContext, 'db' | 'company'>, user: AuthUser) => UserContext['links'];
};

export type ModuleWiring = {
  /**
   * auth: whether an active user must still wait before signing in, recovering or setting a password
   * (brokers: its brokerage's registration is under review).
   */
  accountOnHold: (ctx: TenantContext, user: { brokerId: number | null }) => Promise<boolean>;
  /**
   * auth: the insurer as its record names it (parameterisation's Dados da seguradora: legal name and
   * CNPJ), for the tags of the terms of use (`[NOME_SEGURADORA]`, `[CNPJ_SEGURADORA]`).
   */
  insurerTagParty: (ctx: Pick<TenantContext, 'db' | 'company'>) => Promise<TagParty>;
  /** files: whether the caller may read an archive through what holds it (documents). */
  archiveReadable: (ctx: UserContext, archiveId: string) => Promise<boolean>;
  /** plugins (endpoints, job-context): companies and the caller's links (portal, users). */
  directory: Directory;
  /** documents: who may see the request documents of each owner type (from the owner modules). */
  documentOwners: DocumentOwnerRules;
  /** documents: what owner modules do when a record's request documents change. */
  documentListeners: readonly DocumentListener[];
  /** kanban: per card type, its owner's decision handler and observation counterpart. */
  cardOwners: CardOwners;
  /** policies: the PDF of a policy that has none (from proposals); none: it stays without. */
  renderPolicyDocument?: PolicyDocumentRenderer;
  /** policies: the PDF of a policy's newest approved endorsement (from endorsements); none: no PDF. */
  lastEndorsementDocument?: LastEndorsementDocument;
  /** sro: the policies' current data for a resend or rectification, and news of a registration. */
  sroPolicyOwner?: SroPolicyOwner;
};

export type Company = { id: number; key: string; name: string };

export type AuthUser = {
  userId: number;
  companyId: number;
  userType: UserTypeId;
  profileId?: string;
  /** Resolved on each request from the database (modules/auth/access.ts), not from the token. */
  permissions: ReadonlySet<PermissionId>;
  /** The advisor acting as this broker, if any. */
  actorUserId?: number;
  /** The session (refresh-token family) of the access token, if it has one. */
  sessionId?: string;
};

/** Public call without a company (GetPortalConfig): database as owner, no tenant. */
export type PublicContext = {
  requestId: string;
  /** Host header of the request (portal host the user is on) and the client address. */
  host: string;
  ip: string;
  log: FastifyBaseLogger;
  platform: Platform;
  db: DbOrTx;
  company?: Company;
  user?: AuthUser;
};

/** A call with a CompanyKey: runs inside the company's RLS transaction. */
export type TenantContext = PublicContext & { company: Company; db: Tx };

/**
 * Who the caller is in the business, for visibility rules (lib/visibility.ts). Resolved from the
 * database once per request, on first use (insurer staff never need it).
 */
export type CallerLinks = {
  /** Brokerage of a broker or agent user (also when an advisor acts as one of its brokers). */
  brokerId?: number;
  /** Policy holder of a POLICY_HOLDER user. */
  policyHolderId?: number;
  /** The advisor behind the call: an advisor user, or the advisor acting as a broker. */
  advisorUserId?: number;
  /** Brokerages an advisor user advises (empty for everyone else). */
  advisedBrokerIds: readonly number[];
};

/** An authenticated call: the user belongs to `company`. */
export type UserContext = TenantContext & {
  user: AuthUser;
  /** The caller's broker, policy holder and advisor ids: one query on first call, then memoised. */
  links: () => Promise<CallerLinks>;
};
