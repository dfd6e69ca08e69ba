import type { ProposalView } from '@aval/contracts';
import { Alert, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { IconArrowRight } from '@tabler/icons-react';
import { type ReactNode, useMemo, useState } from 'react';
import { useParams, useSearchParams } from 'react-router';
import { InlineAlert } from '../../../shared/ui/inline-alert.js';
import { RequestDocumentsPanel } from '../../../shared/ui/request-documents-panel.js';
import { EmptyState, LoadingState } from '../../../shared/ui/states.js';
import { WizardStepper } from '../../../shared/ui/wizard-stepper.js';
import { proposalDocumentsAdapter, usePendingRequiredDocuments, useProposal } from '../api/proposals-api.js';
import { BeneficiariesStep } from '../components/beneficiaries-step.js';
import { ClearQuoteButton } from '../components/clear-quote-button.js';
import { CoBrokersStep } from '../components/co-brokers-step.js';
import { CoveragesStep } from '../components/coverages-step.js';
import { LimitAmounts } from '../components/limit-line.js';
import { PriceStep } from '../components/price-step.js';
import { ProposalStatusBadge } from '../components/proposal-status-badge.js';
import { ReviewStep } from '../components/review-step.js';
import { RiskStep } from '../components/risk-step.js';
import { StartStep } from '../components/start-step.js';
import { TermsStep } from '../components/terms-step.js';
import { stepsWithErrors, wizardStep, wizardSteps } from '../components/wizard-steps.js';

export { stepsWithErrors, wizardSteps };

/**
 * The quote's number, status and holder, and the limit line: what the holder (with its economic
 * group) has available and what this proposal would leave. On a phone the line wraps between the
 * amounts, never inside one, and stays within the card.
 */
const Header = ({ p, actions }: { p: ProposalView; actions?: ReactNode }) => (
  <Card withBorder>
    <Group justify="space-between" wrap="wrap">
      <Stack gap={2}>
        <Group gap="sm">
          <Title order={2} size="h3">
            Cotação nº {p.Number}
          </Title>
          <ProposalStatusBadge statusId={p.StatusId} label={p.StatusName} />
          {actions}
        </Group>
        <Text size="sm" c="gray.7">
          {p.PolicyHolderName} · {p.ProductName}
        </Text>
      </Stack>
      <Stack gap={2} aria-label="Limite do tomador">
        <Text size="xs" c="gray.7">
          Limite disponível do tomador{p.Limit.EconomicGroup ? ' (com o grupo econômico)' : ''}
        </Text>
        <Text size="sm" fw={600} component="div">
          <LimitAmounts limit={p.Limit} />
        </Text>
      </Stack>
    </Group>
  </Card>
);

/**
 * The Documentos step's way on: the broker is told here, not at the final send, which mandatory
 * documents still have no file, and goes on only once each has one.
 */
const DocumentsNext = ({ uniqueId, onNext }: { uniqueId: string; onNext: () => void }) => {
  const pending = usePendingRequiredDocuments(uniqueId);
  const missing = pending.data ?? [];
  return (
    <Stack gap="sm">
      {missing.length > 0 && (
        <InlineAlert tone="warning" title="Documentos obrigatórios sem arquivo">
          Anexe um arquivo a cada documento obrigatório para continuar:{' '}
          {missing.map((d) => d.Name).join(', ')}.
        </InlineAlert>
      )}
      <Group justify="flex-end">
        <Button
          onClick={onNext}
          disabled={pending.isPending || missing.length > 0}
          rightSection={<IconArrowRight size={16} aria-hidden />}
        >
          Continuar
        </Button>
      </Group>
    </Stack>
  );
};

/**
 * The quote wizard: /propostas/proposta/criar (and proposta-new, /cotacao/criar) starts a draft;
 * /propostas/proposta/editar/{id} (and /cotacao/editar, editar-property…) resumes it at `?etapa=`.
 */
export const ProposalWizardPage = () => {
  const params = useParams();
  const uniqueId =
    params.propostaUniqueId ?? (params.id && /^[0-9a-f-]{36}$/i.test(params.id) ? params.id : undefined);
  const [search, setSearch] = useSearchParams();
  /** Bumped by the partial clear: the steps' forms start again from the cleared proposal. */
  const [round, setRound] = useState(0);
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
  /**
   * Another step opens at the page's top, the quote's header and its limit line in sight: the last
   * step's scroll would leave them above the screen or under the fixed app bar on a phone.
   */
  const go = (n: number) => {
    setSearch({ etapa: String(n) }, { replace: false });
    window.scrollTo({ top: 0 });
  };
  const errors = stepsWithErrors(p);
  return (
    <Stack>
      <Header
        p={p}
        actions={
          <ClearQuoteButton
            proposal={p}
            onCleared={() => {
              setRound((r) => r + 1);
              go(wizardStep.risk);
            }}
          />
        }
      />
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
      <Stack key={round}>
        {step === wizardStep.risk && <RiskStep proposal={p} onDone={() => go(wizardStep.beneficiaries)} />}
        {step === wizardStep.beneficiaries && (
          <BeneficiariesStep proposal={p} onDone={() => go(wizardStep.coverages)} />
        )}
        {step === wizardStep.coverages && <CoveragesStep proposal={p} onDone={() => go(wizardStep.price)} />}
        {step === wizardStep.price && <PriceStep proposal={p} onDone={() => go(wizardStep.coBrokers)} />}
        {step === wizardStep.coBrokers && (
          <CoBrokersStep proposal={p} onDone={() => go(wizardStep.documents)} />
        )}
        {step === wizardStep.documents && adapter && (
          <RequestDocumentsPanel title="Documentos da proposta" adapter={adapter} />
        )}
        {step === wizardStep.terms && <TermsStep uniqueId={p.UniqueId} />}
        {step === wizardStep.documents && <DocumentsNext uniqueId={p.UniqueId} onNext={() => go(step + 1)} />}
        {step === wizardStep.terms && (
          <Group justify="flex-end">
            <Button onClick={() => go(step + 1)} rightSection={<IconArrowRight size={16} aria-hidden />}>
              Continuar
            </Button>
          </Group>
        )}
        {step === wizardStep.review && <ReviewStep proposal={p} />}
      </Stack>
    </Stack>
  );
};
