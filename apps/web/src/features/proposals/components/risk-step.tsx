import {
  activityTypes,
  buildingTypes,
  contractTypeLabels,
  experienceTypes,
  formatMoney,
  lmiTypeLabels,
  maskCpfCnpj,
  type ProposalView,
  propertyClassificationTypes,
  propertyRiskValue,
  propertyTypes,
  proposalTypeLabels,
  updateProposal,
  updateProposalBody,
  validateInsuredByDocumentToNewProposal,
} from '@aval/contracts';
import { Card, Select, SimpleGrid, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconArrowRight } from '@tabler/icons-react';
import { useState } from 'react';
import { useContractMutation } from '../../../shared/api/use-contract-mutation.js';
import { contractResolver, useServerErrors } from '../../../shared/forms/contract-form.js';
import { FormActions } from '../../../shared/forms/form-actions.js';
import { DocumentLookup } from '../../../shared/ui/document-lookup.js';
import { DateField, MoneyInput } from '../../../shared/ui/fields/masked-fields.js';
import { proposalWrites } from '../api/proposals-api.js';
import { type ObligationDraft, ObligationHelper, obligationBody } from './obligation-helper.js';
import { establishmentOptions, HEAD_OFFICE } from './proposal-scope.js';

type Draft = {
  /** The holder's establishment: HEAD_OFFICE or a branch's Id. */
  PolicyHolderBranchId: string;
  InsuredId: number | null;
  ExperienceTypeId: string | null;
  StartDate: string | null;
  EndDate: string | null;
  InsuredAmountValue: string;
  ObjectDescription: string;
  ContractNumber: string;
  ContractValue: string;
  Obligation: ObligationDraft;
  Property: {
    Building: string;
    Content: string;
    MMU: string;
    MMP: string;
    LostProfit: string;
    LostProfitPeriod: string;
    CNAERateId: string | null;
    LmiTypeId: string | null;
    ContractTypeId: string | null;
    ProposalTypeId: string | null;
    ActivitieTypeId: string | null;
    BuildingTypeId: string | null;
    PropertyTypeId: string | null;
    PropertyClassificationTypeId: string | null;
  };
};

const idOrNull = (v: number | null | undefined) => (v ? String(v) : null);
const numberOrNull = (v: string | null) => (v ? Number(v) : null);
const optionsOf = (items: readonly { Id: number; Name: string }[]) =>
  items.map((i) => ({ value: String(i.Id), label: i.Name }));
const labelsToOptions = (labels: Record<number, string>) =>
  Object.entries(labels).map(([value, label]) => ({ value, label }));

/** A list of the step: its label, its options and the draft's field. */
type Choice = readonly [label: string, data: { value: string; label: string }[], path: string];

const experienceChoice: Choice = ['Experiência do tomador', optionsOf(experienceTypes), 'ExperienceTypeId'];

/** The property risk's lists, in display order (the holder's experience last). */
const propertyChoices: Choice[] = [
  ['Tipo de LMI', labelsToOptions(lmiTypeLabels), 'Property.LmiTypeId'],
  ['Tipo de contrato', labelsToOptions(contractTypeLabels), 'Property.ContractTypeId'],
  ['Tipo de proposta', labelsToOptions(proposalTypeLabels), 'Property.ProposalTypeId'],
  ['Tipo de atividade', optionsOf(activityTypes), 'Property.ActivitieTypeId'],
  ['Tipo de construção', optionsOf(buildingTypes), 'Property.BuildingTypeId'],
  ['Ocupação do imóvel', optionsOf(propertyTypes), 'Property.PropertyTypeId'],
  ['Classificação do risco', optionsOf(propertyClassificationTypes), 'Property.PropertyClassificationTypeId'],
  experienceChoice,
];

const draftOf = (p: ProposalView): Draft => ({
  PolicyHolderBranchId: p.PolicyHolderBranch ? String(p.PolicyHolderBranch.Id) : HEAD_OFFICE,
  InsuredId: p.InsuredId,
  ExperienceTypeId: idOrNull(p.ExperienceTypeId),
  StartDate: p.StartDate,
  EndDate: p.EndDate,
  InsuredAmountValue: p.InsuredAmountValue ?? '',
  ObjectDescription: p.ProposalObjects[0]?.Description ?? '',
  ContractNumber: p.ProposalObjects[0]?.ContractNumber ?? '',
  ContractValue: p.ProposalObjects[0]?.ContractValue ?? '',
  Obligation: {
    TypeId: p.Obligation ? String(p.Obligation.ObligationTypeId) : null,
    TierId: p.Obligation?.TierId ? String(p.Obligation.TierId) : null,
    Value: p.Obligation?.Value ?? '',
  },
  Property: {
    Building: p.ProductQuote?.Building ?? '',
    Content: p.ProductQuote?.Content ?? '',
    MMU: p.ProductQuote?.MMU ?? '',
    MMP: p.ProductQuote?.MMP ?? '',
    LostProfit: p.ProductQuote?.LostProfit ?? '',
    LostProfitPeriod: p.ProductQuote?.LostProfitPeriod ? String(p.ProductQuote.LostProfitPeriod) : '',
    CNAERateId: p.ProductQuote?.CNAERateId ? String(p.ProductQuote.CNAERateId) : null,
    LmiTypeId: idOrNull(p.ProductQuote?.LmiTypeId),
    ContractTypeId: idOrNull(p.ProductQuote?.ContractTypeId),
    ProposalTypeId: idOrNull(p.ProposalTypeId),
    ActivitieTypeId: idOrNull(p.ProductQuote?.ActivitieTypeId),
    BuildingTypeId: idOrNull(p.ProductQuote?.BuildingTypeId),
    PropertyTypeId: idOrNull(p.ProductQuote?.PropertyTypeId),
    PropertyClassificationTypeId: idOrNull(p.ProductQuote?.PropertyClassificationTypeId),
  },
});

const orNull = (v: string) => (v.trim() ? v : null);

const bodyOf = (p: ProposalView, d: Draft) => ({
  UniqueId: p.UniqueId,
  Version: p.Version,
  PolicyHolderBranchId: d.PolicyHolderBranchId === HEAD_OFFICE ? null : Number(d.PolicyHolderBranchId),
  InsuredId: d.InsuredId,
  ExperienceTypeId: numberOrNull(d.ExperienceTypeId),
  StartDate: d.StartDate || null,
  EndDate: d.EndDate || null,
  ...(p.Kind === 'property'
    ? {
        Property: {
          Building: orNull(d.Property.Building),
          Content: orNull(d.Property.Content),
          MMU: orNull(d.Property.MMU),
          MMP: orNull(d.Property.MMP),
          LostProfit: orNull(d.Property.LostProfit),
          LostProfitPeriod: d.Property.LostProfitPeriod ? Number(d.Property.LostProfitPeriod) : null,
          CNAERateId: d.Property.CNAERateId ? Number(d.Property.CNAERateId) : null,
          LmiTypeId: numberOrNull(d.Property.LmiTypeId),
          ContractTypeId: numberOrNull(d.Property.ContractTypeId),
          ProposalTypeId: numberOrNull(d.Property.ProposalTypeId),
          ActivitieTypeId: numberOrNull(d.Property.ActivitieTypeId),
          BuildingTypeId: numberOrNull(d.Property.BuildingTypeId),
          PropertyTypeId: numberOrNull(d.Property.PropertyTypeId),
          PropertyClassificationTypeId: numberOrNull(d.Property.PropertyClassificationTypeId),
        },
        ...(d.ObjectDescription.trim() ? { ProposalObjects: [{ Description: d.ObjectDescription }] } : {}),
      }
    : {
        InsuredAmountValue: d.InsuredAmountValue || null,
        ProposalObjects: [
          {
            Description: d.ObjectDescription,
            ContractNumber: orNull(d.ContractNumber),
            ContractValue: orNull(d.ContractValue),
          },
        ],
        Obligation: obligationBody(d.Obligation),
      }),
});

/** Where the server's messages of this step land. */
const fieldOf = (path: string) => {
  const contract = /^ProposalObjects\.0\.(ContractNumber|ContractValue)$/.exec(path);
  if (contract) return contract[1]!;
  return path.startsWith('ProposalObjects') ? 'ObjectDescription' : path;
};

/** Step 2: the insured (by CPF/CNPJ, registered when new), the object, the validity and the IS. */
export const RiskStep = ({ proposal, onDone }: { proposal: ProposalView; onDone: () => void }) => {
  const form = useForm<Draft>({
    initialValues: draftOf(proposal),
    validate: contractResolver(updateProposalBody, (d: Draft) => bodyOf(proposal, d), fieldOf),
  });
  const [document, setDocument] = useState(maskCpfCnpj(proposal.Insured?.Document ?? ''));
  const [insured, setInsured] = useState(proposal.Insured ? { ...proposal.Insured } : null);
  const lookup = useContractMutation(validateInsuredByDocumentToNewProposal, {
    onSuccess: (r) => {
      if (r.Insured) {
        setInsured({
          Id: r.Insured.Id,
          UniqueId: r.Insured.UniqueId,
          Name: r.Insured.Name,
          Document: r.Insured.InsuredDocument,
        });
        form.setFieldValue('InsuredId', r.Insured.Id);
      }
    },
  });
  const save = useContractMutation(updateProposal, {
    ...proposalWrites,
    success: 'Cotação salva.',
    onSuccess: (r, q, c) => {
      proposalWrites.onSuccess(r, q, c);
      onDone();
    },
  });
  const rest = useServerErrors(form, save.error, fieldOf);
  const submit = form.onSubmit((d) => save.mutate({ body: bodyOf(proposal, d) }));
  const choice = ([label, data, path]: Choice) => (
    <Select key={path} label={label} data={data} clearable {...form.getInputProps(path)} />
  );
  return (
    <Card withBorder component="form" onSubmit={submit} noValidate aria-label="Segurado e objeto">
      <Stack>
        {proposal.PolicyHolderBranches.length > 0 && (
          <Select
            label={`Estabelecimento do tomador (${proposal.PolicyHolderName})`}
            data={establishmentOptions(proposal.PolicyHolderDocument, proposal.PolicyHolderBranches)}
            allowDeselect={false}
            maw={480}
            {...form.getInputProps('PolicyHolderBranchId')}
          />
        )}
        <DocumentLookup
          documentLabel="CPF/CNPJ do segurado"
          nameLabel="Nome do segurado"
          findLabel="Buscar segurado"
          registerLabel="Cadastrar segurado"
          document={document}
          onDocumentChange={setDocument}
          needsName={Boolean(lookup.data?.IsNew && !lookup.data.Insured)}
          busy={lookup.isPending}
          message={lookup.data?.Message}
          onLookup={(body) => lookup.mutate({ body })}
        />
        {insured ? (
          <Text size="sm" aria-label="Segurado escolhido">
            Segurado: <b>{insured.Name}</b> · {maskCpfCnpj(insured.Document)}
          </Text>
        ) : (
          <Text size="sm" c={form.errors.InsuredId ? 'red.8' : 'gray.7'}>
            {form.errors.InsuredId ?? 'Nenhum segurado escolhido.'}
          </Text>
        )}
        <Textarea
          label={proposal.Kind === 'property' ? 'Descrição do risco' : 'Objeto da garantia'}
          autosize
          minRows={2}
          maxLength={2000}
          required={proposal.Kind !== 'property'}
          {...form.getInputProps('ObjectDescription')}
        />
        {proposal.Kind !== 'property' && (
          <SimpleGrid cols={{ base: 1, sm: 3 }}>
            <TextInput
              label="Número do contrato ou edital"
              maxLength={60}
              {...form.getInputProps('ContractNumber')}
            />
            <MoneyInput label="Valor do contrato" {...form.getInputProps('ContractValue')} />
            {choice(experienceChoice)}
          </SimpleGrid>
        )}
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          <DateField
            label="Início de vigência"
            required
            {...form.getInputProps('StartDate')}
            onChange={(v) => form.setFieldValue('StartDate', v ? String(v) : null)}
          />
          <DateField
            label="Fim de vigência"
            required
            {...form.getInputProps('EndDate')}
            onChange={(v) => form.setFieldValue('EndDate', v ? String(v) : null)}
          />
          {proposal.Kind !== 'property' && (
            <MoneyInput label="Importância segurada" required {...form.getInputProps('InsuredAmountValue')} />
          )}
        </SimpleGrid>
        {proposal.Kind === 'property' && (
          <SimpleGrid cols={{ base: 1, sm: 3 }} aria-label="Riscos patrimoniais">
            <Select
              label="Atividade (CNAE)"
              data={proposal.CNAERates.map((c) => ({
                value: String(c.Id),
                label: `${c.Cnae} - ${c.Description}`,
              }))}
              searchable
              {...form.getInputProps('Property.CNAERateId')}
            />
            <MoneyInput label="Prédio (LMI)" {...form.getInputProps('Property.Building')} />
            <MoneyInput label="Conteúdo (LMI)" {...form.getInputProps('Property.Content')} />
            <MoneyInput label="MMU" {...form.getInputProps('Property.MMU')} />
            <MoneyInput label="MMP" {...form.getInputProps('Property.MMP')} />
            <MoneyInput label="Lucros cessantes" {...form.getInputProps('Property.LostProfit')} />
            <TextInput
              label="Período de lucros cessantes (meses)"
              inputMode="numeric"
              maxLength={2}
              {...form.getInputProps('Property.LostProfitPeriod')}
            />
            {propertyChoices.map(choice)}
            <Text size="sm" aria-label="Valor em risco">
              Valor em risco (prédio, conteúdo e lucros cessantes):{' '}
              {formatMoney(
                propertyRiskValue({
                  building: form.values.Property.Building,
                  content: form.values.Property.Content,
                  lostProfit: form.values.Property.LostProfit,
                }),
              )}
            </Text>
          </SimpleGrid>
        )}
        {proposal.Kind !== 'property' && (
          <ObligationHelper
            value={form.getValues().Obligation}
            onChange={(o) => form.setFieldValue('Obligation', o)}
            insuredAmount={form.getValues().InsuredAmountValue}
            startDate={form.getValues().StartDate}
            endDate={form.getValues().EndDate}
            onUseSuggestion={(amount) => form.setFieldValue('InsuredAmountValue', amount)}
          />
        )}
        <FormActions
          messages={rest}
          busy={save.isPending}
          submitLabel="Salvar e continuar"
          submitIcon={<IconArrowRight size={16} aria-hidden />}
        />
      </Stack>
    </Card>
  );
};
