import { eq } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { appSecrets } from '../db/platform.table.js';

/**
 * Returns the named secret, creating it with `generate` the first time. Kept in the database so
 * every instance behind a load balancer shares it; an environment variable overrides it.
 */
export const sharedSecret = async (db: Db, name: string, generate: () => Promise<string> | string) => {
  const found = await db.select().from(appSecrets).where(eq(appSecrets.name, name));
  if (found[0]) return found[0].value;
  await db
    .insert(appSecrets)
    .values({ name, value: await generate() })
    .onConflictDoNothing();
  const [row] = await db.select().from(appSecrets).where(eq(appSecrets.name, name));
  if (!row) throw new Error(`secret ${name} could not be stored`);
  return row.value;
};
