/** The one error type (shared with the kanban service through @aval/transport). */
export {
  AppError,
  badRequest,
  conflict,
  forbidden,
  notFound,
  payloadTooLarge,
  unauthorized,
  unprocessable,
  unsupportedMedia,
} from '@aval/transport';
