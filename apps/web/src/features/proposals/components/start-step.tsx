import {
  formatMoney,
  formatPercent,
  getAllCompanyBranch,
  getModalitiesByBranch,
  type ModalitySummary,
  maskCpfCnpj,
  type PolicyHolderValidation,
  registerPolicyHolderNomeationRequest,
  searchPolicyHoldersRelatedToCurrentUserLogged,
  updateProposal,
  validatePolicyHolderByCNPJToNewProposal,
} from '@aval/contracts';
import { Alert, Button, Card, Group, Select, SimpleGrid, Stack, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconArrowRight, IconSearch, IconUserPlus } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { api } from '../../../app/api.js';
import { useMayCall } from '../../../shared/api/may-call.js';
import { useContractMutation } from '../../../shared/api/use-contract-mutation.js';
import { FormActions } from '../../../shared/forms/form-actions.js';
import { CpfCnpjInput } from '../../../shared/ui/fields/masked-fields.js';
import { proposalWrites } from '../api/proposals-api.js';
import { establishmentOptions, HEAD_OFFICE } from './proposal-scope.js';
import { wizardStep } from './wizard-steps.js';

/** The holder's rate for the modality chosen, or the modality's default rate the price falls back to. */
const rateLine = (
  holder: PolicyHolderValidation,
  product: Pick<ModalitySummary, 'Id' | 'Name' | 'DefaultRate'>,
) => {
  const own = holder.Rates.find((r) => r.ModalityId === product.Id)?.Rate;
  if (own) return `Taxa do tomador para ${product.Name}: ${formatPercent(own)} a.a.`;
  return product.DefaultRate
    ? `Sem taxa do tomador para ${product.Name}: vale a taxa padrão da modalidade, ${formatPercent(product.DefaultRate)} a.a.`
    : `Sem taxa do tomador para ${product.Name} e sem taxa padrão da modalidade: o preço depende da revisão de limite e taxa do tomador.`;
};

/**
 * The broker's policy holders found by a part of the name (two letters or more), as a person looks
 * a company up; picking one consults it as its CNPJ would.
 */
const HolderByName = ({ onPick, disabled }: { onPick: (document: string) => void; disabled?: boolean }) => {
  const [search, setSearch] = useState('');
  const [term] = useDebouncedValue(search.trim(), 300);
  const found = useQuery({
    queryKey: ['proposals', 'holders-by-name', term],
    queryFn: () =>
      api.call(searchPolicyHoldersRelatedToCurrentUserLogged, {
        query: { policyHolderName: term, isActive: true, rowsPerPage: 10 },
      }),
    enabled: term.length >= 2 && !disabled,
  });
  return (
    <Select
      label="Tomador (nome)"
      placeholder="Digite parte do nome"
      searchable
      clearable
      w={340}
      searchValue={search}
      onSearchChange={setSearch}
      nothingFoundMessage={term.length >= 2 && !found.isPending ? 'Nenhum tomador encontrado' : undefined}
      data={(found.data?.Data ?? []).map((h) => ({
        value: h.Document,
        label: `${h.Name} · ${maskCpfCnpj(h.Document)}`,
      }))}
      filter={({ options }) => options}
      onChange={(v) => v && onPick(v)}
      disabled={disabled}
    />
  );
};

/** Why a user may not look policy holders up or ask for a nomination (the API would refuse it). */
export const startStepReasons = {
  check: 'Consultar tomadores exige a permissão Visualizar tomadores: peça-a ao administrador do portal.',
  nominate:
    'A nomeação é pedida por um usuário da corretora com a permissão Gerenciar tomadores: peça-a a ele ou ao administrador do portal.',
};

/**
 * Step 1 of a new quote: branch and modality, then the policy holder found by name or CNPJ with its
 * available limit and its rate for the modality; a holder the broker is not nominated for offers the nomination request.
 */
export const StartStep = () => {
  const navigate = useNavigate();
  const may = useMayCall();
  const canCheck = may(
    validatePolicyHolderByCNPJToNewProposal,
    searchPolicyHoldersRelatedToCurrentUserLogged,
  );
  const canNominate = may(registerPolicyHolderNomeationRequest);
  const [branchId, setBranchId] = useState<string | null>(null);
  const [productId, setProductId] = useState<string | null>(null);
  const [cnpj, setCnpj] = useState('');
  const [holder, setHolder] = useState<PolicyHolderValidation | null>(null);
  const [establishment, setEstablishment] = useState<string>(HEAD_OFFICE);
  const branches = useQuery({
    queryKey: ['proposals', 'branches'],
    queryFn: () => api.call(getAllCompanyBranch),
  });
  const products = useQuery({
    queryKey: ['proposals', 'modalities', branchId],
    queryFn: () => api.call(getModalitiesByBranch, { query: { branchId: Number(branchId) } }),
    enabled: Boolean(branchId),
  });
  const check = useContractMutation(validatePolicyHolderByCNPJToNewProposal, {
    onSuccess: (result) => {
      setHolder(result);
      setEstablishment(HEAD_OFFICE);
    },
  });
  const nominate = useContractMutation(registerPolicyHolderNomeationRequest, {
    success: 'Solicitação de nomeação enviada à seguradora.',
    onSuccess: () => setHolder((h) => (h ? { ...h, NominationPending: true } : h)),
    error: 'notify',
  });
  const create = useContractMutation(updateProposal, {
    ...proposalWrites,
    success: 'Cotação iniciada.',
    onSuccess: (p, _r, client) => {
      proposalWrites.onSuccess(p, _r, client);
      void navigate(`/propostas/proposta/editar/${p.UniqueId}?etapa=${wizardStep.risk}`);
    },
  });
  const [missing, setMissing] = useState<string[]>([]);
  const product = products.data?.find((m) => String(m.Id) === productId);
  return (
    <Card
      withBorder
      component="form"
      aria-label="Modalidade e tomador"
      onSubmit={(e) => {
        e.preventDefault();
        const problems = [
          ...(productId ? [] : ['Escolha a modalidade.']),
          ...(holder?.CanProceed && holder.PolicyHolderUniqueId
            ? []
            : ['Consulte um tomador que possa receber a proposta.']),
        ];
        setMissing(problems);
        if (problems.length === 0 && holder?.PolicyHolderUniqueId)
          create.mutate({
            body: {
              ProductId: Number(productId),
              PolicyHolderUniqueId: holder.PolicyHolderUniqueId,
              PolicyHolderBranchId: establishment === HEAD_OFFICE ? null : Number(establishment),
            },
          });
      }}
    >
      <Stack>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <Select
            label="Ramo"
            placeholder="Escolha o ramo"
            data={(branches.data ?? [])
              .filter((b) => b.IsActive)
              // SUSEP branches by code and name (0775 - …); the property ones have no numeric code.
              .map((b) => ({
                value: String(b.Id),
                label: /^\d+$/.test(b.Code) ? `${b.Code} - ${b.Name}` : b.Name,
              }))}
            value={branchId}
            onChange={(v) => {
              setBranchId(v);
              setProductId(null);
            }}
            required
          />
          <Select
            label="Modalidade"
            placeholder={branchId ? 'Escolha a modalidade' : 'Escolha o ramo primeiro'}
            data={(products.data ?? [])
              .filter((m) => m.IsActive && !m.IsComplementary)
              .map((m) => ({ value: String(m.Id), label: m.Name }))}
            value={productId}
            onChange={setProductId}
            disabled={!branchId}
            searchable
            required
          />
        </SimpleGrid>
        <Group align="flex-end" wrap="wrap">
          <HolderByName
            disabled={!canCheck}
            onPick={(document) => {
              setCnpj(document);
              check.mutate({ query: { Cnpj: document } });
            }}
          />
          <CpfCnpjInput
            label="CNPJ do tomador"
            value={cnpj}
            onChange={setCnpj}
            w={240}
            required
            disabled={!canCheck}
          />
          <Button
            variant="default"
            disabled={!canCheck}
            loading={check.isPending}
            leftSection={<IconSearch size={16} aria-hidden />}
            onClick={() => check.mutate({ query: { Cnpj: cnpj } })}
          >
            Consultar tomador
          </Button>
        </Group>
        {!canCheck && (
          <Text size="sm" c="gray.7">
            {startStepReasons.check}
          </Text>
        )}
        {check.error && <Alert color="red">{check.error.message}</Alert>}
        {holder && (
          <Alert
            color={holder.CanProceed ? 'green' : 'yellow'}
            title={holder.Name ?? 'Tomador não cadastrado'}
            aria-label="Tomador consultado"
            // Black title as InlineAlert's: the green or yellow one fails WCAG contrast on its light fill.
            styles={{ title: { color: 'var(--mantine-color-black)' } }}
          >
            <Stack gap={4}>
              {holder.AvailableLimit && (
                <Text size="sm">Limite disponível: {formatMoney(holder.AvailableLimit)}</Text>
              )}
              {holder.PolicyHolderUniqueId && product && <Text size="sm">{rateLine(holder, product)}</Text>}
              {holder.Messages.map((m) => (
                <Text size="sm" key={m}>
                  {m}
                </Text>
              ))}
              {holder.Found && !holder.IsNominated && !holder.NominationPending && !canNominate && (
                <Text size="sm">{startStepReasons.nominate}</Text>
              )}
              {holder.Found && !holder.IsNominated && !holder.NominationPending && canNominate && (
                <Group>
                  <Button
                    size="xs"
                    leftSection={<IconUserPlus size={14} aria-hidden />}
                    loading={nominate.isPending}
                    onClick={() => nominate.mutate({ body: { Cnpj: cnpj } })}
                  >
                    Solicitar nomeação
                  </Button>
                </Group>
              )}
              {holder.NominationPending && <Text size="sm">Nomeação aguardando a seguradora.</Text>}
            </Stack>
          </Alert>
        )}
        {holder?.CanProceed && holder.Branches.length > 0 && (
          <Select
            label="Estabelecimento do tomador"
            description="A matriz ou uma filial cadastrada do tomador"
            data={establishmentOptions(holder.Document, holder.Branches)}
            value={establishment}
            onChange={(v) => setEstablishment(v ?? HEAD_OFFICE)}
            allowDeselect={false}
            maw={480}
          />
        )}
        <FormActions
          messages={[...missing, ...(create.error ? [create.error.message] : [])]}
          busy={create.isPending}
          submitLabel="Iniciar cotação"
          submitIcon={<IconArrowRight size={16} aria-hidden />}
        />
      </Stack>
    </Card>
  );
};
