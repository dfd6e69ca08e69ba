import { formatDate, formatMoney, maskCpfCnpj, verifyPolicy } from '@aval/contracts';
import { Alert, Card, Code, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useParams, useSearchParams } from 'react-router';
import { api } from '../../../app/api.js';
import { LabeledValue } from '../../../shared/ui/labeled-value.js';
import { LoadingState } from '../../../shared/ui/states.js';
import { PolicyStatusBadge } from '../components/policy-status-badge.js';

const masked = (doc: string | null) => (doc && !doc.includes('*') ? maskCpfCnpj(doc) : doc);

/** /verificar/:number?codigo=…: public authenticity check of a policy (the QR code of its PDF). */
export const VerifyPage = () => {
  const { number = '' } = useParams();
  const [params] = useSearchParams();
  const code = params.get('codigo') ?? '';
  const result = useQuery({
    queryKey: ['policies', 'verify', number, code],
    queryFn: () => api.call(verifyPolicy, { query: { number, code } }),
    enabled: Boolean(number && code),
    retry: false,
  });
  return (
    <Stack maw={720} mx="auto" p="md">
      <Title order={1} size="h3">
        Autenticidade de apólice
      </Title>
      {!code ? (
        <Alert color="red" title="Código ausente">
          Use o link ou o QR code impresso na apólice.
        </Alert>
      ) : result.isPending ? (
        <LoadingState rows={3} />
      ) : result.isError || !result.data ? (
        <Alert color="red" title="Apólice não encontrada">
          O número ou o código de verificação não conferem com uma apólice emitida por esta seguradora.
        </Alert>
      ) : (
        <Card withBorder>
          <Stack>
            <Text>
              A apólice <b>{result.data.PolicyNumber}</b> foi emitida por esta seguradora. Situação:{' '}
              <PolicyStatusBadge statusId={result.data.StatusId} label={result.data.StatusName} />
            </Text>
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <LabeledValue
                label="Tomador"
                value={`${result.data.PolicyHolderName} · ${masked(result.data.PolicyHolderDocument)}`}
              />
              <LabeledValue
                label="Segurado"
                value={
                  result.data.InsuredName
                    ? `${result.data.InsuredName} · ${masked(result.data.InsuredDocument)}`
                    : null
                }
              />
              <LabeledValue
                label="Importância segurada"
                value={formatMoney(result.data.InsuredAmountValue)}
              />
              <LabeledValue
                label="Vigência"
                value={`${formatDate(result.data.StartDate)} a ${formatDate(result.data.EndDate)}`}
              />
            </SimpleGrid>
            <div>
              <Text size="xs" c="gray.7" fw={600} tt="uppercase">
                SHA-256 do documento
              </Text>
              {result.data.DocumentSha256 ? (
                <Code data-testid="sha256" style={{ wordBreak: 'break-all' }}>
                  {result.data.DocumentSha256}
                </Code>
              ) : (
                <Text size="sm">O PDF ainda não foi gerado.</Text>
              )}
              <Text size="xs" c="gray.7" mt={4}>
                Compare com o SHA-256 do arquivo recebido (no Linux, o comando{' '}
                <Code>sha256sum apolice.pdf</Code>; no Windows,{' '}
                <Code>certutil -hashfile apolice.pdf SHA256</Code>).
              </Text>
            </div>
          </Stack>
        </Card>
      )}
    </Stack>
  );
};
