/** The column builders live in @aval/transport, shared with the kanban service's tables. */
export {
  addressColumns,
  createdAt,
  money,
  optionalAddressColumns,
  rate,
  timestamps,
  updatedAt,
} from '@aval/transport/columns';
