import { formatDateTime, type ProposalDetail } from '@aval/contracts';
import { cardTypeLabels } from '@aval/domain';
import { Stack, Table, Text } from '@mantine/core';
import { EmptyState } from '../../../shared/ui/states.js';
import { type Tone, ToneBadge } from '../../../shared/ui/tone-badge.js';
import { validationInputs } from './validation-inputs.js';

type EngineLog = ProposalDetail['ProposalEngineExecutionLogs'][number];

const outcomes: Record<string, { label: string; tone: Tone }> = {
  APROVADO: { label: 'Aprovada', tone: 'success' },
  APROVACAO_MANUAL: { label: 'Aprovação manual', tone: 'success' },
  PENDENTE: { label: 'Pendente', tone: 'warning' },
  REPROCESSADO: { label: 'Reprocessada', tone: 'info' },
  REJEITADO: { label: 'Rejeitada', tone: 'danger' },
  RECUSADO: { label: 'Recusada', tone: 'danger' },
  ENVIADO_AO_CORRETOR: { label: 'Enviada ao corretor', tone: 'warning' },
};

/**
 * The automatic analysis of a proposal (ProposalEngineExecutionLogs): each validation run, its
 * outcome, when, by whom, the card it opened and, for insurer staff, the inputs it considered.
 */
export const EngineLogTable = ({ logs }: { logs: readonly EngineLog[] }) => {
  if (logs.length === 0)
    return <EmptyState title="Nenhuma validação executada" description="A análise começa no envio." />;
  const withInputs = logs.some((l) => l.Inputs);
  return (
    <Table.ScrollContainer
      minWidth={640}
      // Narrow screens and the card drawer scroll it: the keyboard reaches it too (WCAG 2.1.1).
      scrollAreaProps={{
        viewportProps: { tabIndex: 0, role: 'region', 'aria-label': 'Validações automáticas, rolável' },
      }}
    >
      <Table striped aria-label="Validações automáticas">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Quando</Table.Th>
            <Table.Th>Validação</Table.Th>
            <Table.Th>Resultado</Table.Th>
            <Table.Th>Mensagem</Table.Th>
            {withInputs && <Table.Th>Entradas</Table.Th>}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {logs.map((l) => {
            const o = outcomes[l.Outcome] ?? { label: l.Outcome, tone: 'neutral' as const };
            return (
              <Table.Tr key={l.Id}>
                <Table.Td>
                  {formatDateTime(l.CreatedAt)}
                  <Text size="xs" c="gray.7">
                    Rodada {l.Round}
                    {l.CreatedByName ? ` · ${l.CreatedByName}` : ''}
                  </Text>
                </Table.Td>
                <Table.Td>{l.EngineExecutionTypeName}</Table.Td>
                <Table.Td>
                  <ToneBadge tone={o.tone} styles={{ label: { overflow: 'visible' } }}>
                    {o.label}
                  </ToneBadge>
                </Table.Td>
                <Table.Td>
                  {l.Message}
                  {l.CardType && (
                    <Text size="xs" c="gray.7">
                      Card: {cardTypeLabels[l.CardType as keyof typeof cardTypeLabels] ?? l.CardType}
                    </Text>
                  )}
                </Table.Td>
                {withInputs && (
                  <Table.Td>
                    {l.Inputs && (
                      <Stack gap={2} maw={360}>
                        {validationInputs(l.Inputs).map((i) => (
                          <Text key={i.label} size="xs">
                            <Text span size="xs" c="gray.8">
                              {i.label}:
                            </Text>{' '}
                            {i.value}
                          </Text>
                        ))}
                      </Stack>
                    )}
                  </Table.Td>
                )}
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
};
