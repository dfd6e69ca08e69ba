import { bigint, index, integer, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt } from '../../db/columns.js';
import { companyIdColumn, tenantPolicy } from '../../db/tenancy.js';

/** Metadata of an uploaded file; the bytes live in object storage under `relative_path`. */
export const archives = pgTable(
  'archives',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: companyIdColumn(),
    name: text('name').notNull(),
    extension: text('extension').notNull(),
    contentType: text('content_type').notNull(),
    sizeBytes: bigint('size_bytes', { mode: 'number' }).notNull(),
    relativePath: text('relative_path').notNull(),
    container: text('container').notNull(),
    uploadedByUserId: integer('uploaded_by_user_id'),
    /** SHA-256 (hex) of the bytes, kept for generated documents (policies, boletos, minutas). */
    sha256: text('sha256'),
    createdAt: createdAt(),
  },
  (t) => [index('archives_company_idx').on(t.companyId), tenantPolicy('archives')],
);
