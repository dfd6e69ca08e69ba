/** The one error handler (shared with the kanban service through @aval/transport). */
export { registerErrorHandler } from '@aval/transport';
