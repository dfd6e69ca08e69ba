import { type EndpointResult, importBankReturnFile } from '@aval/contracts';
import { Alert, Badge, Button, Card, FileInput, Group, Stack, Table, Text } from '@mantine/core';
import { IconFileImport } from '@tabler/icons-react';
import { useState } from 'react';
import { useContractMutation } from '../../../shared/api/use-contract-mutation.js';
import { openConfirm } from '../../../shared/ui/confirm-dialog.js';
import { proposalKeys } from '../../proposals/index.js';
import { policyKeys } from '../api/policies-api.js';

/** The API takes the file's text up to 2 MB (the contract's limit). */
const MAX_BYTES = 2_000_000;

type Outcome = EndpointResult<typeof importBankReturnFile>;

/** Lines of a return file that name a boleto (blank lines and comments aside). */
const boletoLines = (text: string) =>
  text.split(/\r?\n/).filter((l) => l.trim() !== '' && !l.trim().startsWith('#')).length;

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

const Results = ({ outcome }: { outcome: Outcome }) => (
  <Stack>
    <Alert
      color={outcome.Paid.length ? 'green' : 'yellow'}
      icon={<IconFileImport size={20} aria-hidden />}
      aria-label="Retorno importado"
    >
      <Text fw={700} size="sm">
        Retorno importado
      </Text>
      <Text size="sm">
        {plural(outcome.Paid.length, 'parcela baixada', 'parcelas baixadas')}
        {outcome.Ignored.length > 0 &&
          `; ${plural(outcome.Ignored.length, 'boleto ignorado', 'boletos ignorados')}`}
        .
      </Text>
    </Alert>
    {outcome.Paid.length > 0 && (
      <Table aria-label="Parcelas baixadas" striped withTableBorder captionSide="top">
        <Table.Caption>Parcelas baixadas</Table.Caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Nosso número</Table.Th>
            <Table.Th>Proposta</Table.Th>
            <Table.Th>Parcela</Table.Th>
            <Table.Th>Emissão</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {outcome.Paid.map((p) => (
            <Table.Tr key={p.OurNumber}>
              <Table.Td>{p.OurNumber}</Table.Td>
              <Table.Td>nº {p.ProposalNumber}</Table.Td>
              <Table.Td>{p.InstallmentNumber}</Table.Td>
              <Table.Td>
                {p.Issued ? (
                  <Badge color="green">Emitida com este pagamento</Badge>
                ) : (
                  <Text size="sm">—</Text>
                )}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    )}
    {outcome.Ignored.length > 0 && (
      <Table aria-label="Boletos ignorados" striped withTableBorder captionSide="top">
        <Table.Caption>Boletos ignorados</Table.Caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Nosso número</Table.Th>
            <Table.Th>Motivo</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {outcome.Ignored.map((i) => (
            <Table.Tr key={i.OurNumber}>
              <Table.Td>{i.OurNumber}</Table.Td>
              <Table.Td>{i.Reason}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    )}
  </Stack>
);

/**
 * Insurer staff import the bank's return file: each paid boleto settles its installment, and a
 * proposal waiting for its first payment is issued. The file is read in the browser and sent as
 * text; the answer lists what was settled and what was ignored, and why.
 */
export const BankReturnPage = () => {
  const [file, setFile] = useState<File | null>(null);
  const [problem, setProblem] = useState<string>();
  const [outcome, setOutcome] = useState<Outcome>();
  const importFile = useContractMutation(importBankReturnFile, {
    invalidate: [proposalKeys.all, policyKeys.all],
    success: (r) => `Retorno importado: ${plural(r.Paid.length, 'parcela baixada', 'parcelas baixadas')}.`,
  });

  const choose = (f: File | null) => {
    setOutcome(undefined);
    setProblem(
      f && f.size > MAX_BYTES ? 'O arquivo passa de 2 MB: divida-o e importe as partes.' : undefined,
    );
    setFile(f);
  };

  const confirmImport = async () => {
    if (!file) return;
    const content = await file.text();
    const count = boletoLines(content);
    if (count === 0) {
      setProblem('O arquivo não tem nenhuma linha de boleto.');
      return;
    }
    openConfirm({
      title: 'Importar o retorno do banco',
      message: `Importar ${file.name} com ${plural(count, 'boleto', 'boletos')}? Cada boleto pago baixa a sua parcela, e a proposta que aguarda o primeiro pagamento é emitida. Boletos desconhecidos ou já pagos são ignorados.`,
      confirmLabel: 'Importar',
      onConfirm: async () => setOutcome(await importFile.mutateAsync({ body: { Content: content } })),
    });
  };

  return (
    <Stack>
      <Card withBorder>
        <Text size="sm" c="gray.8">
          Envie o arquivo de retorno que o banco disponibiliza: uma linha por boleto pago, no formato{' '}
          <code>nosso número;data do pagamento;valor pago</code>.
        </Text>
      </Card>
      <Card withBorder>
        <Stack>
          <Group align="end">
            <FileInput
              label="Arquivo de retorno"
              placeholder="Escolha o arquivo (.ret, .txt ou .csv)"
              accept=".ret,.txt,.csv,text/plain,text/csv"
              value={file}
              onChange={choose}
              clearable
              clearButtonProps={{ 'aria-label': 'Remover o arquivo' }}
              error={problem}
              w={{ base: '100%', sm: 420 }}
            />
            <Button
              leftSection={<IconFileImport size={16} />}
              disabled={!file || Boolean(problem)}
              loading={importFile.isPending}
              onClick={confirmImport}
            >
              Importar retorno
            </Button>
          </Group>
        </Stack>
      </Card>
      {outcome && <Results outcome={outcome} />}
    </Stack>
  );
};
