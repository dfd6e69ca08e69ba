import {
  boolean,
  index,
  integer,
  pgTable,
  serial,
  smallint,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt, timestamps } from '../../db/columns.js';
import { companyIdColumn, tenantPolicy } from '../../db/tenancy.js';
import { archives } from '../files/files.table.js';

/**
 * A slot asking for a document, for any owner (policy holder, insured, broker, insurer, proposal,
 * endorsement). Status: 1 Conforme, 2 Pendente, 3 Aguardando Análise, 4 Reprovado.
 */
export const requestDocuments = pgTable(
  'request_documents',
  {
    id: serial('id').primaryKey(),
    uniqueId: uuid('unique_id').notNull().defaultRandom().unique(),
    companyId: companyIdColumn(),
    ownerType: text('owner_type').notNull(),
    ownerId: integer('owner_id').notNull(),
    name: text('name').notNull(),
    typeId: smallint('type_id').notNull(),
    isRequired: boolean('is_required').notNull().default(false),
    statusId: smallint('status_id').notNull().default(2),
    createdByInsurer: boolean('created_by_insurer').notNull().default(false),
    createdByUserId: integer('created_by_user_id'),
    reviewNote: text('review_note'),
    reviewedByUserId: integer('reviewed_by_user_id'),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    ...timestamps(),
  },
  (t) => [
    index('request_documents_owner_idx').on(t.companyId, t.ownerType, t.ownerId),
    tenantPolicy('request_documents'),
  ],
);

export const requestDocumentArchives = pgTable(
  'request_document_archives',
  {
    id: serial('id').primaryKey(),
    companyId: companyIdColumn(),
    requestDocumentId: integer('request_document_id')
      .notNull()
      .references(() => requestDocuments.id, { onDelete: 'cascade' }),
    archiveId: uuid('archive_id')
      .notNull()
      .references(() => archives.id),
    uploadedByUserId: integer('uploaded_by_user_id'),
    createdAt: createdAt(),
  },
  (t) => [
    index('request_document_archives_doc_idx').on(t.requestDocumentId),
    tenantPolicy('request_document_archives'),
  ],
);

/** Every change of a request document: who, when, what. */
export const requestDocumentHistory = pgTable(
  'request_document_history',
  {
    id: serial('id').primaryKey(),
    companyId: companyIdColumn(),
    requestDocumentId: integer('request_document_id')
      .notNull()
      .references(() => requestDocuments.id, { onDelete: 'cascade' }),
    action: text('action').notNull(),
    fromStatusId: smallint('from_status_id'),
    toStatusId: smallint('to_status_id'),
    detail: text('detail'),
    userId: integer('user_id'),
    createdAt: createdAt(),
  },
  (t) => [
    index('request_document_history_doc_idx').on(t.requestDocumentId),
    tenantPolicy('request_document_history'),
  ],
);
