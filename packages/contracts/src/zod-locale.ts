import { z } from 'zod';
import ptBR from 'zod/v4/locales/pt-BR.js';

/**
 * Every message a person may read is pt-BR: zod's own fallbacks too (a schema's message wins).
 * Imported by `endpoint.ts`, so wherever a schema is defined (the API, a web page that validates)
 * zod speaks Portuguese. The web build keeps this module's side effect (apps/web/vite.config.ts).
 */
z.config(ptBR());
