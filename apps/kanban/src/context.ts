import type { AnyPgDatabase } from '@aval/transport/tenancy';
import type { FastifyBaseLogger } from 'fastify';

/** The database the kanban service works on (any Drizzle PostgreSQL database, or its transaction). */
export type KanbanDb = AnyPgDatabase;

export type KanbanCompany = { id: number };

/** A caller verified from the API's access token. */
export type KanbanIdentity = {
  userId: number;
  companyId: number;
  userType: number;
  permissions: ReadonlySet<number>;
};

/** A kanban call with a CompanyKey: runs inside the company's RLS transaction. */
export type KanbanTenantContext = {
  requestId: string;
  log: FastifyBaseLogger;
  company: KanbanCompany;
  user?: KanbanIdentity;
  db: KanbanDb;
};

/** A kanban call of a signed-in user of `company`. */
export type KanbanUserContext = KanbanTenantContext & { user: KanbanIdentity };

export type KanbanContexts = {
  public: Omit<KanbanTenantContext, 'company'> & { company?: KanbanCompany };
  tenant: KanbanTenantContext;
  user: KanbanUserContext;
};
