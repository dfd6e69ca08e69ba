import {
  deletePolicyHolderBranchByUniqueId,
  formatDate,
  insertPolicyHolderBranch,
  maskCnpj,
  type PolicyHolderDetail,
} from '@aval/contracts';
import { ActionIcon, Alert, Button, Card, Group, Table, Text, TextInput } from '@mantine/core';
import { IconInfoCircle, IconPlus, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useContractCall, useContractMutation } from '../../../shared/api/use-contract-mutation.js';
import { openConfirm } from '../../../shared/ui/confirm-dialog.js';
import { EmptyState } from '../../../shared/ui/states.js';
import { policyHolderWrites } from '../api/policy-holders-api.js';

/** The part of a CNPJ after the slash: 4 characters (letters allowed) and, optionally, the 2 check digits. */
const maskBranch = (v: string) => {
  const raw = v
    .replace(/[^0-9A-Za-z]/g, '')
    .toUpperCase()
    .slice(0, 6);
  return raw.length > 4 ? `${raw.slice(0, 4)}-${raw.slice(4)}` : raw;
};

/** Branches (filiais): identified by the part of the CNPJ after the slash; the root is the holder's. */
export const BranchesTab = ({ holder }: { holder: PolicyHolderDetail }) => {
  const [branch, setBranch] = useState('');
  const insert = useContractMutation(insertPolicyHolderBranch, {
    ...policyHolderWrites,
    success: 'Filial incluída.',
  });
  const run = useContractCall(policyHolderWrites);
  const isCompany = holder.Document.length === 14;
  const root = maskCnpj(holder.Document).slice(0, 10);
  const canEdit = holder.Permissions.CanEdit && isCompany;
  return (
    <Card withBorder>
      <Text fw={600} mb="sm">
        Filiais
      </Text>
      {!isCompany && (
        <Alert icon={<IconInfoCircle size={18} aria-hidden />} variant="light" mb="sm">
          Tomador pessoa física não tem filiais.
        </Alert>
      )}
      {canEdit && (
        <Group
          align="flex-end"
          mb="md"
          component="form"
          onSubmit={(e) => {
            e.preventDefault();
            insert.mutate(
              { query: { PolicyHolderUniqueId: holder.UniqueId, BranchCnpj: branch } },
              { onSuccess: () => setBranch('') },
            );
          }}
        >
          <TextInput
            label="Filial (parte do CNPJ após a barra)"
            description={`Raiz ${root}/…; informe 4 caracteres, com ou sem os dígitos`}
            placeholder="0002"
            value={branch}
            onChange={(e) => setBranch(maskBranch(e.currentTarget.value))}
            w={320}
          />
          <Button
            type="submit"
            disabled={branch.replace('-', '').length < 4}
            loading={insert.isPending}
            leftSection={<IconPlus size={16} aria-hidden />}
          >
            Incluir filial
          </Button>
        </Group>
      )}
      {holder.Branches.length === 0 ? (
        <EmptyState title="Nenhuma filial cadastrada" />
      ) : (
        <Table striped>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Filial</Table.Th>
              <Table.Th>CNPJ</Table.Th>
              <Table.Th>Incluída em</Table.Th>
              <Table.Th />
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {holder.Branches.map((b) => (
              <Table.Tr key={b.UniqueId}>
                <Table.Td>{b.Branch}</Table.Td>
                <Table.Td>{maskCnpj(b.BranchCnpj)}</Table.Td>
                <Table.Td>{formatDate(b.CreatedAt)}</Table.Td>
                <Table.Td>
                  {canEdit && (
                    <ActionIcon
                      variant="subtle"
                      color="red.8"
                      aria-label={`Excluir filial ${b.Branch}`}
                      onClick={() =>
                        openConfirm({
                          title: 'Excluir filial',
                          message: `Excluir a filial ${maskCnpj(b.BranchCnpj)}?`,
                          danger: true,
                          confirmLabel: 'Excluir',
                          onConfirm: () =>
                            run(
                              deletePolicyHolderBranchByUniqueId,
                              { query: { uniqueId: b.UniqueId } },
                              'Filial excluída.',
                            ),
                        })
                      }
                    >
                      <IconTrash size={16} />
                    </ActionIcon>
                  )}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Card>
  );
};
