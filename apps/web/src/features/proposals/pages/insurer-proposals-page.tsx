import { ProposalsList } from '../components/proposals-list.js';

/** /propostas-seguradora: every proposal of the insurer (permissions 31/32). */
export const InsurerProposalsPage = () => <ProposalsList side="insurer" />;
