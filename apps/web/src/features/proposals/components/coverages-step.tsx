import {
  FranchiseType,
  formatMoney,
  formatPercent,
  franchiseDescription,
  franchiseTypes,
  type ModalityDetail,
  type ProposalView,
  qarItems,
  renderTags,
  type TagContext,
  toDec,
  updateProposal,
  updateProposalBody,
} from '@aval/contracts';
import {
  Badge,
  Card,
  Checkbox,
  Group,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { type UseFormReturnType, useForm } from '@mantine/form';
import { IconArrowRight } from '@tabler/icons-react';
import { getApplicationConfig } from '../../../app/config/portal-config.js';
import { useContractMutation } from '../../../shared/api/use-contract-mutation.js';
import { contractResolver, useServerErrors } from '../../../shared/forms/contract-form.js';
import { FormActions } from '../../../shared/forms/form-actions.js';
import { MoneyInput, PercentInput } from '../../../shared/ui/fields/masked-fields.js';
import { SafeHtml } from '../../../shared/ui/safe-html.js';
import { EmptyState, LoadingState } from '../../../shared/ui/states.js';
import { proposalWrites, useProposalModality } from '../api/proposals-api.js';

export type CoverageRow = {
  CoverageId: number;
  Name: string;
  Description: string | null;
  IsAdditional: boolean;
  /** Additional coverages are contracted when selected; the main ones always are. */
  Selected: boolean;
  Rate: string;
  InsuredAmountValue: string;
  FranchiseTypeId: string | null;
  FranchisePercent: string;
  FranchiseValueStart: string;
  FranchiseValueEnd: string;
  FranchiseDays: string;
  FranchiseRequireInsuredParticipation: boolean;
};

export type PackageRow = { ModalityId: number; Name: string; Selected: boolean; InsuredAmountValue: string };
export type QarRow = { QARItemId: number; Name: string; Group: string; Quantity: string };

export type CoveragesDraft = {
  Coverages: CoverageRow[];
  Packages: PackageRow[];
  Qars: QarRow[];
  ClauseIds: string[];
  SpecialClause: string;
};

const orNull = (v: string) => (v.trim() ? v.trim() : null);
const share = (is: string | null, pct: string) =>
  is ? toDec(is).times(toDec(pct)).dividedBy(100).toFixed(2) : '';

/** The step's values from the modality's catalogue and what the proposal already carries. */
export const coveragesDraftOf = (p: ProposalView, m: ModalityDetail): CoveragesDraft => {
  const coverage = (c: ModalityDetail['Coverages'][number]): CoverageRow => {
    const stored = p.CoverageLimits.find((x) => x.CoverageId === c.Id);
    return {
      CoverageId: c.Id,
      Name: c.Name,
      Description: c.Description,
      IsAdditional: c.IsAdditional,
      Selected: !c.IsAdditional || Boolean(stored),
      Rate: c.Rate,
      InsuredAmountValue:
        stored?.InsuredAmountValue ?? share(p.InsuredAmountValue, c.InsuredAmountPercentage),
      FranchiseTypeId: stored?.FranchiseTypeId ? String(stored.FranchiseTypeId) : null,
      FranchisePercent: stored?.FranchisePercent ?? '',
      FranchiseValueStart: stored?.FranchiseValueStart ?? '',
      FranchiseValueEnd: stored?.FranchiseValueEnd ?? '',
      FranchiseDays: stored?.FranchiseDays ? String(stored.FranchiseDays) : '',
      FranchiseRequireInsuredParticipation: stored?.FranchiseRequireInsuredParticipation ?? false,
    };
  };
  return {
    Coverages: [...m.Coverages, ...m.AdditionalCoverages].filter((c) => c.IsActive).map(coverage),
    Packages: m.ComplementaryModalities.filter((c) => c.IsActive).map((c) => {
      const stored = p.PackageCoverages.find((x) => x.ModalityId === c.ComplementaryModalityId);
      return {
        ModalityId: c.ComplementaryModalityId,
        Name: c.ComplementaryModalityName,
        Selected: Boolean(stored),
        InsuredAmountValue: stored?.InsuredAmountValue ?? '',
      };
    }),
    Qars: qarItems.map((q) => ({
      QARItemId: q.Id,
      Name: q.Name,
      Group: q.Group,
      Quantity: String(p.QARs.find((x) => x.QARItemId === q.Id)?.Quantity ?? ''),
    })),
    ClauseIds: p.ProposalParticularClause.map((c) => String(c.ParticularClauseId)),
    SpecialClause: p.ProposalSpecialClause ?? '',
  };
};

const sentCoverages = (d: CoveragesDraft) =>
  d.Coverages.flatMap((c, i) => (c.Selected || !c.IsAdditional ? [i] : []));
const sentPackages = (d: CoveragesDraft) => d.Packages.flatMap((c, i) => (c.Selected ? [i] : []));
const sentQars = (d: CoveragesDraft) => d.Qars.flatMap((q, i) => (Number(q.Quantity) > 0 ? [i] : []));

/** The UpdateProposal body of the step (QARs only on property proposals). */
export const coveragesBody = (p: Pick<ProposalView, 'UniqueId' | 'Version' | 'Kind'>, d: CoveragesDraft) => ({
  UniqueId: p.UniqueId,
  Version: p.Version,
  CoverageLimits: sentCoverages(d).map((i) => {
    const c = d.Coverages[i]!;
    const type = c.FranchiseTypeId ? Number(c.FranchiseTypeId) : null;
    return {
      CoverageId: c.CoverageId,
      ...(c.IsAdditional ? { InsuredAmountValue: orNull(c.InsuredAmountValue) } : {}),
      FranchiseTypeId: type,
      FranchisePercent: type === FranchiseType.PERCENT_WITH_MINIMUM ? orNull(c.FranchisePercent) : null,
      FranchiseValueStart: type && type !== FranchiseType.DAYS ? orNull(c.FranchiseValueStart) : null,
      FranchiseValueEnd: type === FranchiseType.PERCENT_WITH_MINIMUM ? orNull(c.FranchiseValueEnd) : null,
      FranchiseDays: type === FranchiseType.DAYS && c.FranchiseDays ? Number(c.FranchiseDays) : null,
      FranchiseRequireInsuredParticipation: type ? c.FranchiseRequireInsuredParticipation : false,
    };
  }),
  PackageCoverages: sentPackages(d).map((i) => ({
    ModalityId: d.Packages[i]!.ModalityId,
    InsuredAmountValue: d.Packages[i]!.InsuredAmountValue,
  })),
  ...(p.Kind === 'property'
    ? {
        QARs: sentQars(d).map((i) => ({
          QARItemId: d.Qars[i]!.QARItemId,
          Quantity: Number(d.Qars[i]!.Quantity),
        })),
      }
    : {}),
  ProposalParticularClauseIds: d.ClauseIds.map(Number),
  ProposalSpecialClause: orNull(d.SpecialClause),
});

/** Where a message of the body lands on the step's form (lists are sent filtered). */
export const coveragesFieldOf = (d: CoveragesDraft) => (path: string) => {
  const m = /^(CoverageLimits|PackageCoverages|QARs)\.(\d+)\.?(\w*)$/.exec(path);
  if (m) {
    const [, list, n, field] = m;
    const k = Number(n);
    if (list === 'CoverageLimits') {
      const i = sentCoverages(d)[k];
      return `Coverages.${i}.${field === 'CoverageId' ? 'Name' : field}`;
    }
    if (list === 'PackageCoverages') {
      const i = sentPackages(d)[k];
      return `Packages.${i}.${field === 'ModalityId' ? 'Name' : field}`;
    }
    return `Qars.${sentQars(d)[k]}.Quantity`;
  }
  if (path.startsWith('ProposalParticularClauseIds')) return 'ClauseIds';
  if (path === 'ProposalSpecialClause') return 'SpecialClause';
  return path;
};

/** A contracted package needs its IS (the contract would only say the number is invalid). */
const requiredAmounts = (d: CoveragesDraft) =>
  Object.fromEntries(
    d.Packages.flatMap((pk, i) =>
      pk.Selected && !pk.InsuredAmountValue.trim()
        ? [[`Packages.${i}.InsuredAmountValue`, `Informe a importância segurada de ${pk.Name}.`]]
        : [],
    ),
  );

const franchiseOptions = [
  { value: 'none', label: 'Sem franquia' },
  ...franchiseTypes.map((f) => ({ value: String(f.Id), label: f.Name })),
];

const CoverageCard = ({
  form,
  index,
  row,
}: {
  form: UseFormReturnType<CoveragesDraft>;
  index: number;
  row: CoverageRow;
}) => {
  const at = (f: keyof CoverageRow) => `Coverages.${index}.${f}`;
  const type = row.FranchiseTypeId ? Number(row.FranchiseTypeId) : null;
  const text = franchiseDescription({
    typeId: type,
    percent: row.FranchisePercent || null,
    valueStart: row.FranchiseValueStart || null,
    days: row.FranchiseDays ? Number(row.FranchiseDays) : null,
  });
  const active = row.Selected || !row.IsAdditional;
  return (
    <Paper withBorder p="sm" data-testid="coverage" aria-label={row.Name} component="section">
      <Stack gap="xs">
        <Group justify="space-between" wrap="wrap" gap="xs">
          {row.IsAdditional ? (
            <Checkbox
              label={row.Name}
              fw={600}
              {...form.getInputProps(at('Selected'), { type: 'checkbox' })}
            />
          ) : (
            <Text fw={600} size="sm">
              {row.Name}
            </Text>
          )}
          <Group gap="xs">
            <Badge variant="light" color={row.IsAdditional ? 'grape' : 'blue'}>
              {row.IsAdditional ? 'Adicional' : 'Principal'}
            </Badge>
            {row.IsAdditional && (
              <Text size="xs" c="gray.7">
                Taxa {formatPercent(row.Rate)} a.a.
              </Text>
            )}
          </Group>
        </Group>
        {row.Description && (
          <Text size="xs" c="gray.7">
            {row.Description}
          </Text>
        )}
        {form.errors[at('Name')] && (
          <Text size="xs" c="red.8">
            {form.errors[at('Name')]}
          </Text>
        )}
        {active && (
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            {row.IsAdditional ? (
              <MoneyInput
                label="Importância segurada"
                aria-label={`Importância segurada de ${row.Name}`}
                {...form.getInputProps(at('InsuredAmountValue'))}
              />
            ) : (
              <Stack gap={0}>
                <Text size="sm" fw={500}>
                  Importância segurada
                </Text>
                <Text size="sm">{row.InsuredAmountValue ? formatMoney(row.InsuredAmountValue) : '—'}</Text>
              </Stack>
            )}
            <Select
              label="Franquia"
              aria-label={`Franquia de ${row.Name}`}
              data={franchiseOptions}
              allowDeselect={false}
              value={row.FranchiseTypeId ?? 'none'}
              onChange={(v) => form.setFieldValue(at('FranchiseTypeId'), v && v !== 'none' ? v : null)}
            />
          </SimpleGrid>
        )}
        {active && type && (
          <SimpleGrid cols={{ base: 1, sm: 3 }}>
            {type === FranchiseType.PERCENT_WITH_MINIMUM && (
              <PercentInput
                label="Percentual dos prejuízos"
                {...form.getInputProps(at('FranchisePercent'))}
              />
            )}
            {type && type !== FranchiseType.DAYS && (
              <MoneyInput
                label={type === FranchiseType.FIXED_VALUE ? 'Valor da franquia' : 'Valor mínimo da franquia'}
                {...form.getInputProps(at('FranchiseValueStart'))}
              />
            )}
            {type === FranchiseType.PERCENT_WITH_MINIMUM && (
              <MoneyInput label="Valor máximo da franquia" {...form.getInputProps(at('FranchiseValueEnd'))} />
            )}
            {type === FranchiseType.DAYS && (
              <TextInput
                label="Dias de franquia"
                inputMode="numeric"
                maxLength={4}
                {...form.getInputProps(at('FranchiseDays'))}
                onChange={(e) =>
                  form.setFieldValue(at('FranchiseDays'), e.currentTarget.value.replace(/\D/g, ''))
                }
              />
            )}
          </SimpleGrid>
        )}
        {active && type && (
          <Checkbox
            label="Exige participação do segurado nos prejuízos"
            {...form.getInputProps(at('FranchiseRequireInsuredParticipation'), { type: 'checkbox' })}
          />
        )}
        {active && text && (
          <Text size="sm" aria-label={`Franquia de ${row.Name} por extenso`}>
            Franquia: {text}
          </Text>
        )}
      </Stack>
    </Paper>
  );
};

const CoveragesForm = ({
  proposal,
  modality,
  onDone,
}: {
  proposal: ProposalView;
  modality: ModalityDetail;
  onDone: () => void;
}) => {
  const form = useForm<CoveragesDraft>({
    initialValues: coveragesDraftOf(proposal, modality),
    validate: (d) => ({
      ...contractResolver(
        updateProposalBody,
        (x: CoveragesDraft) => coveragesBody(proposal, x),
        coveragesFieldOf(d),
      )(d),
      ...requiredAmounts(d),
    }),
  });
  const save = useContractMutation(updateProposal, {
    ...proposalWrites,
    success: 'Coberturas e cláusulas salvas.',
    onSuccess: (r, q, c) => {
      proposalWrites.onSuccess(r, q, c);
      onDone();
    },
  });
  const rest = useServerErrors(form, save.error, coveragesFieldOf(form.getValues()));
  const d = form.getValues();
  const clauses = modality.ParticularClauses.filter((c) => c.IsActive);
  const tagContext = proposalTagContext(proposal);
  const groups = [...new Set(d.Qars.map((q) => q.Group))];
  return (
    <Card
      withBorder
      component="form"
      noValidate
      aria-label="Coberturas e cláusulas"
      onSubmit={form.onSubmit((v) => save.mutate({ body: coveragesBody(proposal, v) }))}
    >
      <Stack>
        <Stack gap="xs">
          <Title order={3} size="h5">
            Coberturas
          </Title>
          {d.Coverages.length === 0 ? (
            <Text size="sm">Esta modalidade não tem coberturas parametrizadas.</Text>
          ) : (
            d.Coverages.map((c, i) => <CoverageCard key={c.CoverageId} form={form} index={i} row={c} />)
          )}
        </Stack>
        {d.Packages.length > 0 && (
          <Stack gap="xs">
            <Title order={3} size="h5">
              Modalidades complementares
            </Title>
            <Text size="sm" c="gray.7">
              Contratadas no mesmo pacote, com a taxa padrão de cada modalidade.
            </Text>
            {d.Packages.map((pk, i) => (
              <Paper withBorder p="sm" key={pk.ModalityId} data-testid="package-coverage">
                <SimpleGrid cols={{ base: 1, sm: 2 }}>
                  <Stack gap={4}>
                    <Checkbox
                      label={pk.Name}
                      {...form.getInputProps(`Packages.${i}.Selected`, { type: 'checkbox' })}
                    />
                    {form.errors[`Packages.${i}.Name`] && (
                      <Text size="xs" c="red.8">
                        {form.errors[`Packages.${i}.Name`]}
                      </Text>
                    )}
                  </Stack>
                  {pk.Selected && (
                    <MoneyInput
                      label="Importância segurada"
                      aria-label={`Importância segurada de ${pk.Name}`}
                      required
                      {...form.getInputProps(`Packages.${i}.InsuredAmountValue`)}
                    />
                  )}
                </SimpleGrid>
              </Paper>
            ))}
          </Stack>
        )}
        {proposal.Kind === 'property' && (
          <Stack gap="xs" aria-label="Questionário de avaliação de risco (QAR)" component="section">
            <Title order={3} size="h5">
              Questionário de avaliação de risco (QAR)
            </Title>
            {groups.map((g) => (
              <Stack gap={4} key={g}>
                <Text size="sm" fw={600}>
                  {g}
                </Text>
                <SimpleGrid cols={{ base: 1, xs: 2, sm: 4 }}>
                  {d.Qars.map((q, i) =>
                    q.Group === g ? (
                      <TextInput
                        key={q.QARItemId}
                        label={q.Name}
                        description="Quantidade"
                        inputMode="numeric"
                        maxLength={6}
                        {...form.getInputProps(`Qars.${i}.Quantity`)}
                        onChange={(e) =>
                          form.setFieldValue(`Qars.${i}.Quantity`, e.currentTarget.value.replace(/\D/g, ''))
                        }
                      />
                    ) : null,
                  )}
                </SimpleGrid>
              </Stack>
            ))}
          </Stack>
        )}
        <Stack gap="xs">
          <Title order={3} size="h5">
            Cláusulas particulares
          </Title>
          {clauses.length > 0 && (
            <Text size="sm" c="gray.7">
              Cada cláusula com os dados desta proposta; o que ainda falta aparece em vermelho e é preenchido
              na etapa Termos.
            </Text>
          )}
          {clauses.length === 0 ? (
            <Text size="sm">Esta modalidade não tem cláusulas particulares.</Text>
          ) : (
            <Checkbox.Group
              aria-label="Cláusulas particulares"
              error={form.errors.ClauseIds}
              value={d.ClauseIds}
              onChange={(v) => form.setFieldValue('ClauseIds', v)}
            >
              <Stack gap="xs">
                {clauses.map((c) => (
                  <Paper withBorder p="sm" key={c.Id}>
                    <Checkbox value={String(c.Id)} label={c.Title} fw={600} />
                    <SafeHtml html={renderTags(c.Text, tagContext).html} />
                  </Paper>
                ))}
              </Stack>
            </Checkbox.Group>
          )}
          <Textarea
            label="Cláusula especial da proposta"
            description="Texto acordado só para esta proposta (opcional)."
            minRows={3}
            maxLength={20_000}
            {...form.getInputProps('SpecialClause')}
          />
        </Stack>
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

/**
 * The proposal's own values for a clause's tags (parties, vigência, IS): the wizard shows each
 * clause as it would read on this proposal; what is not known here stays as its label (in red).
 */
export const proposalTagContext = (p: ProposalView): TagContext => {
  const l = p.InsuredLocation;
  return {
    startDate: p.StartDate,
    endDate: p.EndDate,
    insuredAmount: p.InsuredAmountValue,
    deadlineDays: p.DeadlineDays,
    modality: p.ProductName,
    policyHolder: { name: p.PolicyHolder.Name, document: p.PolicyHolder.Document },
    insured: p.Insured
      ? {
          name: p.Insured.Name,
          document: p.Insured.Document,
          address: l
            ? {
                street: l.AddressName,
                number: l.Number,
                district: l.Neighborhood,
                city: l.CityName,
                state: l.StateCode,
                zipCode: l.ZipCode,
              }
            : null,
        }
      : null,
    insurer: { name: getApplicationConfig()?.companyName ?? null },
  };
};

/**
 * Step 4: the modality's coverages (the main ones always; additional ones chosen, each with its
 * IS and franchise), the complementary modalities of the package with their IS, the QAR of a
 * property risk, and the particular clauses (with the proposal's special clause). The premium of
 * the next step counts them.
 */
export const CoveragesStep = ({ proposal, onDone }: { proposal: ProposalView; onDone: () => void }) => {
  const modality = useProposalModality(proposal.ProductId);
  if (modality.isPending) return <LoadingState />;
  if (modality.isError)
    return <EmptyState title="Modalidade não encontrada" description={modality.error.message} />;
  return <CoveragesForm proposal={proposal} modality={modality.data} onDone={onDone} />;
};
