/**
 * Issuance of an approved proposal (domain.md §3): its state (issuance.view.ts), sending and issuing
 * (issue-proposal.ts), payments and the automatic cancel (confirm-payment.ts), and its documents
 * (issuance.documents.ts). The module's other files and the wiring import it from here.
 */
export { cancelUnpaid, confirmPayment, importReturnFile } from './confirm-payment.js';
export {
  downloadBankSlips,
  generateContractDraft,
  issuanceReport,
  renderPolicyDocument,
} from './issuance.documents.js';
export { getIssuance, issuanceView, issueBeforePaymentReason } from './issuance.view.js';
export { issueProposal, requestIssuance } from './issue-proposal.js';
