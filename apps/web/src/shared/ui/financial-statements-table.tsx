import { formatMoney } from '@aval/contracts';
import { Table } from '@mantine/core';

/** A policy holder's financial statement as the API sends it (amounts as decimal strings). */
export type StatementRow = {
  Id: number;
  Year: number;
  Revenue: string;
  Equity: string;
  NetIncome: string;
  Indebtedness: string;
};

/** The statements of a policy holder, one row per fiscal year (limits tab, limit review card). */
export const FinancialStatementsTable = ({
  statements,
  minWidth = 480,
  striped = false,
  mt,
}: {
  statements: readonly StatementRow[];
  minWidth?: number;
  striped?: boolean;
  mt?: string;
}) => (
  <Table.ScrollContainer minWidth={minWidth} mt={mt}>
    <Table striped={striped}>
      <Table.Thead>
        <Table.Tr>
          <Table.Th>Exercício</Table.Th>
          <Table.Th>Receita</Table.Th>
          <Table.Th>Patrimônio líquido</Table.Th>
          <Table.Th>Lucro líquido</Table.Th>
          <Table.Th>Endividamento</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {statements.map((s) => (
          <Table.Tr key={s.Id}>
            <Table.Td>{s.Year}</Table.Td>
            <Table.Td>{formatMoney(s.Revenue)}</Table.Td>
            <Table.Td>{formatMoney(s.Equity)}</Table.Td>
            <Table.Td>{formatMoney(s.NetIncome)}</Table.Td>
            <Table.Td>{formatMoney(s.Indebtedness)}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  </Table.ScrollContainer>
);
