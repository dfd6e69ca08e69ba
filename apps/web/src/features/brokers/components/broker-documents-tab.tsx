import { useMemo } from 'react';
import { RequestDocumentsPanel } from '../../../shared/ui/request-documents-panel.js';
import { brokerDocumentsAdapter } from '../api/broker-documents.js';

/** Documents requested from the brokerage, on the shared panel. */
export const BrokerDocumentsTab = ({ brokerId, own }: { brokerId: number; own: boolean }) => {
  const adapter = useMemo(() => brokerDocumentsAdapter(brokerId, own), [brokerId, own]);
  return <RequestDocumentsPanel title="Documentos da corretora" adapter={adapter} />;
};
