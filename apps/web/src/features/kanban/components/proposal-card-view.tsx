import {
  branchText,
  CardType,
  formatDate,
  formatMoney,
  formatPercent,
  type KanbanCard,
  kanbanInsuranceUpdateProposal,
  kanbanInsuranceUpdateProposalContractualTerms,
  kanbanProposalSendToBroker,
  type ProposalCardInfo,
} from '@aval/contracts';
import { Permission } from '@aval/domain';
import { Anchor, Button, Group, SimpleGrid, Stack, Text, Textarea } from '@mantine/core';
import { useState } from 'react';
import { Link } from 'react-router';
import { useUserInfo } from '../../../app/session/use-user-info.js';
import { hasAnyPermission } from '../../../app/session/user-info.js';
import { useContractMutation } from '../../../shared/api/use-contract-mutation.js';
import { PercentInput } from '../../../shared/ui/fields/masked-fields.js';
import { InlineAlert } from '../../../shared/ui/inline-alert.js';
import { LabeledValue } from '../../../shared/ui/labeled-value.js';
import { NoteForm } from '../../../shared/ui/note-form.js';
import { RequestDocumentsPanel } from '../../../shared/ui/request-documents-panel.js';
import { editorText, RichTextEditor } from '../../../shared/ui/rich-text-editor.js';
import { LoadingState } from '../../../shared/ui/states.js';
import { ToneBadge } from '../../../shared/ui/tone-badge.js';
import { CpfCnpj } from '../../../shared/ui/unbroken.js';
import {
  EngineLogTable,
  LegalRulesPanel,
  LimitAmounts,
  ProposalScope,
  ProposalStatusBadge,
} from '../../proposals/index.js';
import { kanbanKeys, kanbanWrites, useProposalCard } from '../api/kanban-api.js';
import { proposalCardDocumentsAdapter } from '../api/proposal-card-documents.js';

/** Card types whose ref is always a proposal (the analysis pipes, issue 15). */
const proposalOnly = new Set<string>([
  CardType.PROPOSTA_SUBSCRICAO,
  CardType.PROPOSTA_INSPECAO,
  CardType.PROPOSTA,
  CardType.SUBSCRICAO,
  CardType.INSPECAO,
  CardType.SEGURADO_QSA_PEP,
]);
/** Types shared with a registry owner: a proposal's card says "Proposta nº" on its header. */
const sharedWithRegistry = new Set<string>([
  CardType.REQUEST_LIMIT,
  CardType.ANALISE_CCG,
  CardType.GRUPO_ECONOMICO,
]);

/** Whether the card is a proposal's (its ref is the proposal's UniqueId). */
export const isProposalCard = (card: Pick<KanbanCard, 'cardType' | 'cardData'>) =>
  proposalOnly.has(card.cardType) ||
  (sharedWithRegistry.has(card.cardType) && /^Proposta nº/.test(card.cardData?.header ?? ''));

const money = (v: string | null | undefined) => (v ? formatMoney(v) : null);
const pct = (v: string | null | undefined) => (v ? formatPercent(v) : null);

type Info = ProposalCardInfo;
type Props = { info: Info; canManage: boolean };

/** The underwriter's price change: commercial rate, loading and loss history; the premium is recalculated. */
const PriceChange = ({ info }: { info: Info }) => {
  const p = info.Proposal;
  const [values, setValues] = useState({
    Tax: p.Tax ?? '',
    SpecialLoading: p.SpecialLoading ?? '',
    LossHistory: p.LossHistory ?? '',
  });
  const save = useContractMutation(kanbanInsuranceUpdateProposal, {
    invalidate: [kanbanKeys.proposalCard(p.UniqueId)],
    success: (r) => `Preço alterado: prêmio de ${formatMoney(r.InsurancePremium ?? '0')}.`,
    error: 'dialog',
  });
  const field = (k: keyof typeof values) => ({
    value: values[k],
    onChange: (v: string | number) => setValues((s) => ({ ...s, [k]: String(v) })),
  });
  return (
    <Stack gap="xs">
      <Text fw={700}>Alterar preço</Text>
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        <PercentInput label="Taxa comercial" {...field('Tax')} />
        <PercentInput label="Agravo" max={500} {...field('SpecialLoading')} />
        <PercentInput label="Sinistralidade" max={500} {...field('LossHistory')} />
      </SimpleGrid>
      <Group justify="flex-end">
        <Button
          variant="light"
          loading={save.isPending}
          onClick={() =>
            save.mutate({
              body: {
                ProposalUniqueId: p.UniqueId,
                // The commercial rate only when changed: with it, the commission follows from the rate
                // (a new loading over the old rate would leave no room for the broker's commission).
                Tax: values.Tax && Number(values.Tax) !== Number(p.Tax ?? '') ? values.Tax : undefined,
                SpecialLoading: values.SpecialLoading || '0',
                LossHistory: values.LossHistory || '0',
              },
            })
          }
        >
          Recalcular prêmio
        </Button>
      </Group>
    </Stack>
  );
};

/** The underwriter edits the special clause and the particular clauses' texts. */
const ClausesChange = ({ info }: { info: Info }) => {
  const p = info.Proposal;
  const [special, setSpecial] = useState(p.ProposalSpecialClause ?? '');
  const [texts, setTexts] = useState<Record<number, string>>(
    Object.fromEntries(p.ProposalParticularClause.map((c) => [c.ParticularClauseId, c.Text])),
  );
  const save = useContractMutation(kanbanInsuranceUpdateProposalContractualTerms, {
    invalidate: [kanbanKeys.proposalCard(p.UniqueId)],
    success: 'Cláusulas alteradas.',
    error: 'dialog',
  });
  return (
    <Stack gap="xs">
      <Text fw={700}>Alterar cláusulas</Text>
      <Textarea
        label="Cláusula especial"
        rows={3}
        maxLength={20_000}
        value={special}
        onChange={(e) => setSpecial(e.currentTarget.value)}
      />
      {p.ProposalParticularClause.map((c) => (
        <RichTextEditor
          key={c.ParticularClauseId}
          label={c.Title}
          minHeight={80}
          value={texts[c.ParticularClauseId] ?? ''}
          onChange={(html) => setTexts((s) => ({ ...s, [c.ParticularClauseId]: html }))}
        />
      ))}
      <Group justify="flex-end">
        <Button
          variant="light"
          loading={save.isPending}
          onClick={() =>
            save.mutate({
              body: {
                ProposalUniqueId: p.UniqueId,
                SpecialClause: special.trim() || null,
                ParticularClauses: p.ProposalParticularClause.filter(
                  (c) => editorText(texts[c.ParticularClauseId] ?? '') !== '',
                ).map((c) => ({
                  ParticularClauseId: c.ParticularClauseId,
                  Text: texts[c.ParticularClauseId]!,
                })),
              },
            })
          }
        >
          Salvar cláusulas
        </Button>
      </Group>
    </Stack>
  );
};

/**
 * KanbanProposalSendToBroker: an adjustment request (2 → 6); the card waits in 'Aguardando corretor'
 * and comes back with the broker's answer. It decides nothing.
 */
const SendToBroker = ({ info }: { info: Info }) => {
  const send = useContractMutation(kanbanProposalSendToBroker, {
    ...kanbanWrites,
    success: 'Proposta enviada ao corretor.',
  });
  return (
    <NoteForm
      label="O que o corretor deve ver ou fazer"
      action="Enviar ao corretor"
      minLength={5}
      variant="light"
      color="orange.9"
      send={send}
      request={(reason) => ({ body: { ProposalUniqueId: info.Proposal.UniqueId, Reason: reason } })}
    />
  );
};

const CessionPlan = ({ plan }: { plan: NonNullable<Info['Analysis']['CessionPlan']> }) => (
  <Stack gap="xs">
    <Text fw={700}>Plano de cessão</Text>
    <SimpleGrid cols={{ base: 1, sm: 3 }}>
      <LabeledValue label="Retenção" value={money(plan.Retention)} />
      <LabeledValue label="Retido" value={money(plan.Retained)} />
      <LabeledValue label="Cedido" value={money(plan.Ceded)} />
      <LabeledValue label="Oferecido a locais (mín. 40%)" value={money(plan.LocalOffered)} />
      <LabeledValue label="Eventuais (máx. 10%)" value={money(plan.EventualMax)} />
      <LabeledValue label="Admitidos" value={money(plan.Admitted)} />
    </SimpleGrid>
  </Stack>
);

const ProposalCardBody = ({ info, canManage }: Props) => {
  const p = info.Proposal;
  const a = info.Analysis;
  const pending = [...p.ProposalEngineExecutionLogs].reverse().find((l) => l.Outcome === 'PENDENTE');
  // Working the proposal on its card needs the pipe (canManage) and the insurer's proposals (31).
  const underwriter = hasAnyPermission(useUserInfo(), [Permission.GERENCIAR_PROPOSTAS_SEGURADORA]);
  const working = canManage && underwriter && [2, 6, 9].includes(p.StatusId);
  return (
    <Stack>
      <Group gap="xs">
        <ProposalStatusBadge statusId={p.StatusId} label={p.StatusName} />
        {a.WaitingEngineName && <ToneBadge tone="warning">Aguarda: {a.WaitingEngineName}</ToneBadge>}
        {info.RiskChange.HasRiskChange && <ToneBadge tone="info">Mudança de risco com o corretor</ToneBadge>}
      </Group>
      <LegalRulesPanel uniqueId={p.UniqueId} number={p.Number} />
      {a.WaitingEngineId !== null && pending && (
        <InlineAlert tone="warning" title={`Por que parou em ${pending.EngineExecutionTypeName}`}>
          {pending.Message}
        </InlineAlert>
      )}
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <LabeledValue label="Proposta" value={`nº ${p.Number}`} />
        <LabeledValue label="Modalidade" value={`${p.ProductName} (${branchText(p.ProductBranch)})`} />
        <LabeledValue label="Tomador">
          {p.PolicyHolderName} · <CpfCnpj value={p.PolicyHolderDocument} />
        </LabeledValue>
        <LabeledValue label="Segurado">
          {p.Insured && (
            <>
              {p.Insured.Name} · <CpfCnpj value={p.Insured.Document} />
            </>
          )}
        </LabeledValue>
        <LabeledValue label="Corretora" value={p.BrokerName} />
        <LabeledValue
          label="Vigência"
          value={p.StartDate && p.EndDate && `${formatDate(p.StartDate)} a ${formatDate(p.EndDate)}`}
        />
        <LabeledValue label="Importância segurada" value={money(p.InsuredAmountValue)} />
        <LabeledValue label="Limite disponível do tomador">
          <LimitAmounts limit={p.Limit} />
        </LabeledValue>
      </SimpleGrid>
      <ProposalScope p={p} />
      <Anchor component={Link} to={`/propostas-seguradora/proposta/${p.Kind}/${p.UniqueId}`} size="sm">
        Abrir a proposta
      </Anchor>
      <Text fw={700}>Preço</Text>
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        <LabeledValue label="Prêmio" value={money(p.InsurancePremium)} />
        <LabeledValue label="Prêmio total" value={money(p.TotalPremium)} />
        <LabeledValue label="Taxa comercial" value={pct(p.Tax)} />
        <LabeledValue label="Agravo" value={pct(p.SpecialLoading)} />
        <LabeledValue label="Sinistralidade" value={pct(p.LossHistory)} />
        <LabeledValue label="Comissão" value={pct(p.ComissionPercentage)} />
      </SimpleGrid>
      {a.CessionPlan && <CessionPlan plan={a.CessionPlan} />}
      {working && <PriceChange key={`price-${p.Version}`} info={info} />}
      {working && <ClausesChange key={`clauses-${p.Version}`} info={info} />}
      <RequestDocumentsPanel
        title="Documentos da proposta"
        adapter={{ ...proposalCardDocumentsAdapter(p.UniqueId), readOnly: !working }}
      />
      {working && p.StatusId === 2 && <SendToBroker info={info} />}
      <Text fw={700}>Validações automáticas</Text>
      <EngineLogTable logs={p.ProposalEngineExecutionLogs} />
    </Stack>
  );
};

/**
 * Detalhes da Proposta / Dados da Proposta of a proposal card (GetCardProposalInfo): where the
 * automatic analysis stopped and why, the proposal, its price (the underwriter changes the rate,
 * loading and clauses here), its documents (asked, approved or refused here), sending it to the
 * broker and the engine log. Approving or refusing is moving the card to Aprovado or Recusado.
 */
export const ProposalCardView = ({ cardRef, canManage }: { cardRef: string; canManage: boolean }) => {
  const info = useProposalCard(cardRef);
  if (info.isPending) return <LoadingState label="Carregando proposta…" />;
  if (info.error) return <InlineAlert>{info.error.message}</InlineAlert>;
  return <ProposalCardBody info={info.data} canManage={canManage} />;
};
