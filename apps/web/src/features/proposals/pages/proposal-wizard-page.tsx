import { formatMoney, type ProposalView } from '@aval/contracts';
import { Alert, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { IconArrowRight } from '@tabler/icons-react';
import { useMemo } from 'react';
import { useParams, useSearchParams } from 'react-router';
import { RequestDocumentsPanel } from '../../../shared/ui/request-documents-panel.js';
import { EmptyState, LoadingState } from '../../../shared/ui/states.js';
import { stepsWithErrors as stepErrors, WizardStepper } from '../../../shared/ui/wizard-stepper.js';
import { proposalDocumentsAdapter, useProposal } from '../api/proposals-api.js';
import { CoBrokersStep } from '../components/co-brokers-step.js';
import { PriceStep } from '../components/price-step.js';
import { ProposalStatusBadge } from '../components/proposal-status-badge.js';
import { ReviewStep } from '../components/review-step.js';
import { RiskStep } from '../components/risk-step.js';
import { StartStep } from '../components/start-step.js';
import { TermsStep } from '../components/terms-step.js';

/** The wizard's steps and the body fields each one owns (its validation-error state). */
export const wizardSteps = [
  { label: 'Modalidade e tomador', fields: ['ProductId', 'PolicyHolderUniqueId'] },
  {
    label: 'Segurado e objeto',
    fields: ['InsuredId', 'StartDate', 'EndDate', 'InsuredAmountValue', 'ProposalObjects'],
  },
  { label: 'Preço', fields: ['InsurancePremium', 'ComissionPercentage'] },
  { label: 'Cocorretagem', fields: ['CoBrokers'] },
  { label: 'Documentos', fields: [] },
  { label: 'Termos', fields: [] },
  { label: 'Revisão e envio', fields: ['CommissionDisclosureConfirmed'] },
] as const;

/** Steps with something missing (shown in red on the stepper). */
export const stepsWithErrors = (p: ProposalView | undefined) =>
  stepErrors(
    wizardSteps,
    (p?.Completeness.Missing ?? []).map((m) => m.Field),
  );

const Header = ({ p }: { p: ProposalView }) => (
  <Card withBorder>
    <Group justify="space-between" wrap="wrap">
      <Stack gap={2}>
        <Group gap="sm">
          <Title order={2} size="h3">
            Cotação nº {p.Number}
          </Title>
          <ProposalStatusBadge statusId={p.StatusId} label={p.StatusName} />
        </Group>
        <Text size="sm" c="gray.7">
          {p.PolicyHolderName} · {p.ProductName}
        </Text>
      </Stack>
      <Stack gap={2} aria-label="Limite do tomador">
        <Text size="xs" c="gray.7">
          Limite disponível do tomador{p.Limit.EconomicGroup ? ' (com o grupo econômico)' : ''}
        </Text>
        <Text size="sm" fw={600}>
          {formatMoney(p.Limit.EffectiveAvailable)} · após esta proposta: {formatMoney(p.Limit.Remaining)}
        </Text>
      </Stack>
    </Group>
  </Card>
);

/**
 * The quote wizard: /propostas/proposta/criar (and proposta-new, /cotacao/criar) starts a draft;
 * /propostas/proposta/editar/{id} (and /cotacao/editar, editar-property…) resumes it at `?etapa=`.
 */
export const ProposalWizardPage = () => {
  const params = useParams();
  const uniqueId =
    params.propostaUniqueId ?? (params.id && /^[0-9a-f-]{36}$/i.test(params.id) ? params.id : undefined);
  const [search, setSearch] = useSearchParams();
  const proposal = useProposal(uniqueId);
  const p = proposal.data;
  const adapter = useMemo(() => (uniqueId ? proposalDocumentsAdapter(uniqueId) : undefined), [uniqueId]);
  if (!uniqueId)
    return (
      <Stack>
        <WizardStepper steps={wizardSteps} active={0} aria-label="Etapas da cotação" />
        <StartStep />
      </Stack>
    );
  if (proposal.isPending) return <LoadingState />;
  if (proposal.isError || !p)
    return <EmptyState title="Proposta não encontrada" description={proposal.error?.message} />;
  if (!p.Permissions.CanEdit)
    return (
      <Alert color="yellow" title="Esta proposta não pode ser alterada">
        A proposta nº {p.Number} está em "{p.StatusName}".
      </Alert>
    );
  const step = Math.min(wizardSteps.length - 1, Math.max(1, Number(search.get('etapa') ?? 1)));
  const go = (n: number) => setSearch({ etapa: String(n) }, { replace: false });
  const errors = stepsWithErrors(p);
  return (
    <Stack>
      <Header p={p} />
      {p.Warnings.length > 0 && (
        <Alert color="yellow" title="Atenção">
          {p.Warnings.join('\n')}
        </Alert>
      )}
      <WizardStepper
        steps={wizardSteps}
        active={step}
        errors={errors}
        onStepClick={go}
        firstSelectable={1}
        aria-label="Etapas da cotação"
      />
      {step === 1 && <RiskStep proposal={p} onDone={() => go(2)} />}
      {step === 2 && <PriceStep proposal={p} onDone={() => go(3)} />}
      {step === 3 && <CoBrokersStep proposal={p} onDone={() => go(4)} />}
      {step === 4 && adapter && <RequestDocumentsPanel title="Documentos da proposta" adapter={adapter} />}
      {step === 5 && <TermsStep uniqueId={p.UniqueId} />}
      {(step === 4 || step === 5) && (
        <Group justify="flex-end">
          <Button onClick={() => go(step + 1)} rightSection={<IconArrowRight size={16} aria-hidden />}>
            Continuar
          </Button>
        </Group>
      )}
      {step === 6 && <ReviewStep proposal={p} />}
    </Stack>
  );
};
