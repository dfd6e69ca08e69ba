/** The one error type (shared with the kanban service through @aval/transport). */
export {
  AppError,
  badRequest,
  conflict,
  type FieldError,
  forbidden,
  invalidFields,
  notFound,
  payloadTooLarge,
  tooManyRequests,
  unauthorized,
  unprocessable,
  unsupportedMedia,
} from '@aval/transport';
