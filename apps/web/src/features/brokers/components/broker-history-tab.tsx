import { formatDateTime, getBrokerChangeHistory } from '@aval/contracts';
import { PagedDataTable } from '../../../shared/ui/paged-data-table.js';
import { brokersKeys } from '../api/brokers-api.js';

/** Who changed what and when (newest first). */
export const BrokerHistoryTab = ({ brokerId, own }: { brokerId: number; own: boolean }) => (
  <PagedDataTable
    endpoint={getBrokerChangeHistory}
    query={{ brokerId: own ? undefined : brokerId }}
    queryKey={[...brokersKeys.history(), brokerId]}
    idAccessor="Id"
    noRecordsText="Nenhuma alteração registrada"
    columns={[
      { accessor: 'ChangedAt', title: 'Data', render: (h) => formatDateTime(h.ChangedAt), width: 170 },
      { accessor: 'ChangedByName', title: 'Alterado por' },
      { accessor: 'FieldLabel', title: 'Campo' },
      { accessor: 'OldValue', title: 'Valor anterior', render: (h) => h.OldValue ?? '—' },
      { accessor: 'NewValue', title: 'Novo valor', render: (h) => h.NewValue ?? '—' },
    ]}
  />
);
