import {
  enableDisableComplementaryModality,
  insertComplementaryModality,
  type ModalityDetail,
} from '@aval/contracts';
import { Button, Card, Group, Select, Stack, Switch, Table } from '@mantine/core';
import { useState } from 'react';
import { useContractMutation } from '../../../shared/api/use-contract-mutation.js';
import { EmptyState } from '../../../shared/ui/states.js';
import { paramWrites, useModalityGroups } from '../api/parameterisation-api.js';

/** Tab "Modalidades complementares": complementary modalities linked to this one. */
export const ModalityComplementaryTab = ({ modality }: { modality: ModalityDetail }) => {
  const groups = useModalityGroups(modality.BranchId);
  const [choice, setChoice] = useState<string | null>(null);
  const link = useContractMutation(insertComplementaryModality, {
    ...paramWrites,
    success: 'Modalidade complementar vinculada.',
  });
  const toggle = useContractMutation(enableDisableComplementaryModality, {
    ...paramWrites,
    success: 'Situação do vínculo alterada.',
  });
  const linked = new Set(modality.ComplementaryModalities.map((c) => c.ComplementaryModalityId));
  const options = (groups.data ?? [])
    .flatMap((g) => g.Modalities)
    .filter((m) => m.IsComplementary && m.Id !== modality.Id && !linked.has(m.Id))
    .map((m) => ({ value: String(m.Id), label: m.Name }));
  return (
    <Card withBorder>
      <Stack>
        <Group align="flex-end">
          <Select
            label="Modalidade complementar"
            placeholder={options.length ? 'Selecione' : 'Nenhuma modalidade complementar disponível'}
            data={options}
            value={choice}
            onChange={setChoice}
            w={360}
          />
          <Button
            disabled={!choice}
            loading={link.isPending}
            onClick={() =>
              link.mutate(
                { query: { modalityId: modality.Id, complementaryModalityId: Number(choice) } },
                { onSuccess: () => setChoice(null) },
              )
            }
          >
            Vincular
          </Button>
        </Group>
        {modality.ComplementaryModalities.length === 0 ? (
          <EmptyState title="Nenhuma modalidade complementar vinculada" />
        ) : (
          <Table>
            <Table.Tbody>
              {modality.ComplementaryModalities.map((c) => (
                <Table.Tr key={c.Id}>
                  <Table.Td>{c.ComplementaryModalityName}</Table.Td>
                  <Table.Td>
                    <Switch
                      label={c.IsActive ? 'Ativo' : 'Inativo'}
                      checked={c.IsActive}
                      onChange={() => toggle.mutate({ query: { complementaryModalityId: c.Id } })}
                    />
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
      </Stack>
    </Card>
  );
};
