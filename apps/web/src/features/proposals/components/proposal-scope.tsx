import {
  formatMoney,
  type LocationView,
  maskCep,
  maskCpfCnpj,
  type PolicyHolderBranch,
  type ProposalView,
} from '@aval/contracts';
import { SimpleGrid, Stack, Text } from '@mantine/core';
import { LabeledValue } from '../../../shared/ui/labeled-value.js';
import { cityOf, locationName } from '../../../shared/ui/locations-panel.js';
import { WholeValues } from '../../../shared/ui/unbroken.js';

/** 'Avenida Paulista, 1000 · São Paulo/SP · CEP 01310-100'. */
export const addressLine = (l: LocationView) =>
  `${locationName(l)} · ${cityOf(l)} · CEP ${maskCep(l.ZipCode)}`;

/** The value of the head office in a branch choice (Select values are strings). */
export const HEAD_OFFICE = 'matriz';

/** 'Filial 0002-08 · 11.222.333/0002-08'. */
export const branchLabel = (b: Pick<PolicyHolderBranch, 'Branch' | 'BranchCnpj'>) =>
  `Filial ${b.Branch} · ${maskCpfCnpj(b.BranchCnpj)}`;

/** The policy holder's establishments to choose from: the head office, then its registered branches. */
export const establishmentOptions = (holderDocument: string, branches: readonly PolicyHolderBranch[]) => [
  { value: HEAD_OFFICE, label: `Matriz · ${maskCpfCnpj(holderDocument)}` },
  ...branches.map((b) => ({ value: String(b.Id), label: branchLabel(b) })),
];

/** The establishment the proposal names: its branch, or the head office. */
export const establishmentOf = (p: Pick<ProposalView, 'PolicyHolderBranch' | 'PolicyHolderDocument'>) =>
  p.PolicyHolderBranch
    ? branchLabel(p.PolicyHolderBranch)
    : `Matriz · ${maskCpfCnpj(p.PolicyHolderDocument)}`;

/** One line per item (each kept whole at its amounts, CPF/CNPJs and CEPs), or what says there is none. */
const Lines = ({ items, none }: { items: string[]; none: string }) =>
  items.length ? (
    <Stack gap={2} component="span">
      {items.map((x) => (
        <span key={x}>
          <WholeValues text={x} />
        </span>
      ))}
    </Stack>
  ) : (
    none
  );

type ScopeOf = Pick<
  ProposalView,
  | 'PolicyHolderBranch'
  | 'PolicyHolderDocument'
  | 'InsuredLocation'
  | 'Beneficiaries'
  | 'CoverageLimits'
  | 'PackageCoverages'
  | 'ProposalParticularClause'
  | 'ProposalSpecialClause'
  | 'QARs'
>;

/**
 * What the proposal covers and for whom beyond its main fields: the holder's establishment (head
 * office or branch), the risk location, the beneficiaries with their chosen addresses, the
 * additional coverages, the franchises, the complementary modalities, the clauses and the QAR of a
 * property risk. The review step, the detail and the proposal's kanban cards show it the same way;
 * amounts, CPF/CNPJs and CEPs never break across lines.
 */
export const ProposalScope = ({ p, cols = 2 }: { p: ScopeOf; cols?: number }) => (
  <SimpleGrid cols={{ base: 1, sm: cols }} aria-label="Partes e coberturas">
    <LabeledValue label="Estabelecimento do tomador">
      <WholeValues text={establishmentOf(p)} />
    </LabeledValue>
    <LabeledValue label="Local do risco">
      {p.InsuredLocation ? <WholeValues text={addressLine(p.InsuredLocation)} /> : null}
    </LabeledValue>
    <LabeledValue label="Beneficiários">
      <Lines
        items={p.Beneficiaries.map(
          (b) =>
            `${b.Name} · ${maskCpfCnpj(b.Document)} · ${b.Location ? addressLine(b.Location) : 'sem endereço'}`,
        )}
        none="Nenhum"
      />
    </LabeledValue>
    <LabeledValue label="Coberturas adicionais">
      <Lines
        items={p.CoverageLimits.filter((c) => c.IsAdditional).map(
          (c) => `${c.Name} (${formatMoney(c.InsuredAmountValue)})`,
        )}
        none="Nenhuma"
      />
    </LabeledValue>
    <LabeledValue label="Franquias">
      <Lines
        items={p.CoverageLimits.flatMap((c) => c.Franchises.map((f) => `${c.Name}: ${f.Text}`))}
        none="Nenhuma"
      />
    </LabeledValue>
    <LabeledValue label="Modalidades complementares">
      <Lines
        items={p.PackageCoverages.map((c) => `${c.ModalityName} (${formatMoney(c.InsuredAmountValue)})`)}
        none="Nenhuma"
      />
    </LabeledValue>
    <LabeledValue label="Cláusulas particulares">
      <Lines items={p.ProposalParticularClause.map((c) => c.Title)} none="Nenhuma" />
    </LabeledValue>
    <LabeledValue label="Cláusula especial">
      {p.ProposalSpecialClause ? (
        <Text span inherit lineClamp={4} style={{ whiteSpace: 'pre-line' }}>
          {p.ProposalSpecialClause}
        </Text>
      ) : (
        'Nenhuma'
      )}
    </LabeledValue>
    {p.QARs.length > 0 && (
      <LabeledValue label="Questionário de avaliação de risco">
        <Lines
          items={p.QARs.map(
            (q) => `${q.QARItemName}: ${q.Quantity}${q.Value ? ` (${formatMoney(q.Value)})` : ''}`,
          )}
          none=""
        />
      </LabeledValue>
    )}
  </SimpleGrid>
);
