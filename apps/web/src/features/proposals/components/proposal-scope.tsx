import {
  formatMoney,
  type LocationView,
  maskCep,
  maskCpfCnpj,
  type PolicyHolderBranch,
  type ProposalView,
} from '@aval/contracts';
import { SimpleGrid, Stack } from '@mantine/core';
import { LabeledValue } from '../../../shared/ui/labeled-value.js';
import { locationName } from '../../../shared/ui/locations-panel.js';

/** 'Avenida Paulista, 1000 · São Paulo/SP · CEP 01310-100'. */
export const addressLine = (l: LocationView) =>
  `${locationName(l)} · ${l.StateCode ? `${l.CityName}/${l.StateCode}` : l.CityName} · CEP ${maskCep(l.ZipCode)}`;

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

const listOrNone = (items: string[], none: string) =>
  items.length ? (
    <Stack gap={2} component="span">
      {items.map((x) => (
        <span key={x}>{x}</span>
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
>;

/**
 * What the proposal covers and for whom beyond its main fields: the holder's establishment (head
 * office or branch), the risk location, the beneficiaries with their chosen addresses, the
 * additional coverages and the complementary modalities. The review step, the detail and the
 * proposal's kanban cards show it the same way.
 */
export const ProposalScope = ({ p, cols = 2 }: { p: ScopeOf; cols?: number }) => (
  <SimpleGrid cols={{ base: 1, sm: cols }} aria-label="Partes e coberturas">
    <LabeledValue label="Estabelecimento do tomador" value={establishmentOf(p)} />
    <LabeledValue label="Local do risco" value={p.InsuredLocation ? addressLine(p.InsuredLocation) : null} />
    <LabeledValue label="Beneficiários">
      {listOrNone(
        p.Beneficiaries.map(
          (b) =>
            `${b.Name} · ${maskCpfCnpj(b.Document)} · ${b.Location ? addressLine(b.Location) : 'sem endereço'}`,
        ),
        'Nenhum',
      )}
    </LabeledValue>
    <LabeledValue label="Coberturas adicionais">
      {listOrNone(
        p.CoverageLimits.filter((c) => c.IsAdditional).map(
          (c) => `${c.Name} (${formatMoney(c.InsuredAmountValue)})`,
        ),
        'Nenhuma',
      )}
    </LabeledValue>
    <LabeledValue label="Modalidades complementares">
      {listOrNone(
        p.PackageCoverages.map((c) => `${c.ModalityName} (${formatMoney(c.InsuredAmountValue)})`),
        'Nenhuma',
      )}
    </LabeledValue>
  </SimpleGrid>
);
