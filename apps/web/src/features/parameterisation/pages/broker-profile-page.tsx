import { getProfileByCompanyId, type ModalitySummary, UserType, updateModality } from '@aval/contracts';
import { Anchor, Button, Card, Group, Stack, Table, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { api } from '../../../app/api.js';
import { useContractMutation } from '../../../shared/api/use-contract-mutation.js';
import { PercentInput } from '../../../shared/ui/fields/masked-fields.js';
import { EmptyState, LoadingState } from '../../../shared/ui/states.js';
import { paramKeys, paramWrites, useModalityGroups } from '../api/parameterisation-api.js';

const CommissionRow = ({ modality, branchCode }: { modality: ModalitySummary; branchCode: string }) => {
  const [min, setMin] = useState(modality.MinComissionPercentage);
  const [max, setMax] = useState(modality.MaxComissionPercentage);
  const save = useContractMutation(updateModality, {
    ...paramWrites,
    success: 'Faixa de comissão alterada.',
  });
  const changed =
    Number(min) !== Number(modality.MinComissionPercentage) ||
    Number(max) !== Number(modality.MaxComissionPercentage);
  return (
    <Table.Tr>
      <Table.Td>{branchCode}</Table.Td>
      <Table.Td>{modality.Name}</Table.Td>
      <Table.Td>
        <PercentInput
          aria-label={`Comissão mínima de ${modality.Name}`}
          value={min}
          onChange={setMin}
          w={120}
        />
      </Table.Td>
      <Table.Td>
        <PercentInput
          aria-label={`Comissão máxima de ${modality.Name}`}
          value={max}
          onChange={setMax}
          w={120}
        />
      </Table.Td>
      <Table.Td>
        <Button
          size="xs"
          variant="light"
          disabled={!changed}
          loading={save.isPending}
          onClick={() =>
            save.mutate({
              body: {
                Id: modality.Id,
                MinComissionPercentage: min || '0',
                MaxComissionPercentage: max || '0',
              },
            })
          }
        >
          Salvar
        </Button>
      </Table.Td>
    </Table.Tr>
  );
};

const BrokerProfiles = () => {
  const profiles = useQuery({
    queryKey: [...paramKeys.all, 'broker-profiles'],
    queryFn: () => api.call(getProfileByCompanyId, { query: { userInfoTypeId: UserType.BROKER } }),
    retry: false,
  });
  if (profiles.isPending) return <LoadingState rows={2} />;
  if (profiles.isError)
    return (
      <Text c="gray.7">Os perfis de corretor são visíveis a quem gerencia perfis ou visualiza usuários.</Text>
    );
  if ((profiles.data ?? []).length === 0) return <EmptyState title="Nenhum perfil de corretor" />;
  return (
    <Table>
      <Table.Thead>
        <Table.Tr>
          <Table.Th>Perfil</Table.Th>
          <Table.Th>Padrão</Table.Th>
          <Table.Th>Usuários</Table.Th>
          <Table.Th>Funcionalidades</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {(profiles.data ?? []).map((p) => (
          <Table.Tr key={p.UniqueId}>
            <Table.Td>{p.Name}</Table.Td>
            <Table.Td>{p.IsDefault ? 'Sim' : 'Não'}</Table.Td>
            <Table.Td>{p.Usuarios}</Table.Td>
            <Table.Td>{p.MenuFuncionalityIds.length}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
};

/** /parametrizacao/broker-profile: default commission ranges of the brokers per modality, and broker profiles. */
export const BrokerProfilePage = () => {
  const groups = useModalityGroups();
  return (
    <Stack>
      <Card withBorder>
        <Title order={2} size="h4" mb={4}>
          Faixas de comissão padrão por modalidade
        </Title>
        <Text size="sm" c="gray.7" mb="sm">
          Valem para todas as corretoras, salvo faixa específica cadastrada na corretora. Cada alteração fica
          no histórico da modalidade.
        </Text>
        {groups.isPending ? (
          <LoadingState />
        ) : (
          <Table.ScrollContainer minWidth={640}>
            <Table>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Ramo</Table.Th>
                  <Table.Th>Modalidade</Table.Th>
                  <Table.Th>Comissão mínima</Table.Th>
                  <Table.Th>Comissão máxima</Table.Th>
                  <Table.Th />
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {(groups.data ?? []).flatMap((g) =>
                  g.Modalities.map((m) => (
                    <CommissionRow key={`${m.Id}-${m.UpdatedAt}`} modality={m} branchCode={g.BranchCode} />
                  )),
                )}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Card>
      <Card withBorder>
        <Group justify="space-between" mb="sm">
          <Title order={2} size="h4">
            Perfis de corretor
          </Title>
          <Anchor component={Link} to="/usuarios/perfis">
            Gerenciar perfis
          </Anchor>
        </Group>
        <BrokerProfiles />
      </Card>
    </Stack>
  );
};
