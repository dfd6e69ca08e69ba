import type { ProposalView } from '@aval/contracts';
import { stepsWithErrors as stepErrors } from '../../../shared/ui/wizard-stepper.js';

/** The wizard's steps and the body fields each one owns (its validation-error state). */
export const wizardSteps = [
  { label: 'Modalidade e tomador', fields: ['ProductId', 'PolicyHolderUniqueId'] },
  {
    label: 'Segurado e objeto',
    fields: [
      'PolicyHolderBranchId',
      'InsuredId',
      'StartDate',
      'EndDate',
      'InsuredAmountValue',
      'ProposalObjects',
    ],
  },
  { label: 'Beneficiários e local', fields: ['Beneficiaries', 'InsuredLocationId'] },
  {
    label: 'Coberturas e cláusulas',
    fields: ['CoverageLimits', 'PackageCoverages', 'QARs', 'ProposalParticularClauseIds'],
  },
  { label: 'Preço', fields: ['InsurancePremium', 'ComissionPercentage'] },
  { label: 'Cocorretagem', fields: ['CoBrokers'] },
  { label: 'Documentos', fields: [] },
  { label: 'Termos', fields: [] },
  { label: 'Revisão e envio', fields: ['CommissionDisclosureConfirmed'] },
] as const;

/** The step (`?etapa=`) of each part of the wizard that other screens open directly. */
export const wizardStep = {
  risk: 1,
  beneficiaries: 2,
  coverages: 3,
  price: 4,
  coBrokers: 5,
  documents: 6,
  terms: 7,
  review: 8,
} as const;

/** Steps with something missing (shown in red on the stepper). */
export const stepsWithErrors = (p: ProposalView | undefined) =>
  stepErrors(
    wizardSteps,
    (p?.Completeness.Missing ?? []).map((m) => m.Field),
  );
