import { getMenus, UserType, type UserTypeId, userTypeLabels } from '@aval/contracts';
import { Anchor, Badge, Card, Group, SegmentedControl, Stack, Table, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { api } from '../../../app/api.js';
import { EmptyState, LoadingState } from '../../../shared/ui/states.js';
import { paramKeys } from '../api/parameterisation-api.js';

const types: UserTypeId[] = [
  UserType.INSURANCE,
  UserType.BROKER,
  UserType.POLICY_HOLDER,
  UserType.AGENT,
  UserType.ADVISOR,
];

/** /parametrizacao/menu: the company's menu order and the functionalities of each menu, per user type. */
export const MenuPage = () => {
  const [type, setType] = useState<string>(String(UserType.INSURANCE));
  const menus = useQuery({
    queryKey: [...paramKeys.all, 'menus', type],
    queryFn: () => api.call(getMenus, { query: { userInfoTypeId: Number(type) } }),
  });
  return (
    <Stack>
      <Text c="gray.7">
        Ordem do menu lateral e funcionalidades disponíveis para cada tipo de usuário. As funcionalidades são
        concedidas aos usuários pelos perfis em{' '}
        <Anchor component={Link} to="/usuarios/perfis" underline="always">
          Usuários › Perfis
        </Anchor>
        .
      </Text>
      <SegmentedControl
        value={type}
        onChange={setType}
        data={types.map((t) => ({ value: String(t), label: userTypeLabels[t] }))}
        w="fit-content"
        aria-label="Tipo de usuário"
      />
      {menus.isPending ? (
        <LoadingState />
      ) : (menus.data ?? []).length === 0 ? (
        <EmptyState title="Nenhum menu para este tipo de usuário" />
      ) : (
        <Card withBorder>
          <Table.ScrollContainer minWidth={640}>
            <Table>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Ordem</Table.Th>
                  <Table.Th>Menu</Table.Th>
                  <Table.Th>Rota</Table.Th>
                  <Table.Th>Funcionalidades</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {[...(menus.data ?? [])]
                  .sort((a, b) => a.Order - b.Order)
                  .map((m) => (
                    <Table.Tr key={m.Id}>
                      <Table.Td>{m.Order}</Table.Td>
                      <Table.Td>{m.Name}</Table.Td>
                      <Table.Td>
                        <Text size="sm" ff="monospace">
                          {m.Route}
                        </Text>
                      </Table.Td>
                      <Table.Td>
                        <Group gap={4}>
                          {m.MenuFuncionalities.map((f) => (
                            <Badge key={f.Id} variant="light" tt="none">
                              {f.Name}
                            </Badge>
                          ))}
                        </Group>
                      </Table.Td>
                    </Table.Tr>
                  ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        </Card>
      )}
    </Stack>
  );
};
