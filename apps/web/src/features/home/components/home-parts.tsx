import { Anchor, Card, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { InlineAlert } from '../../../shared/ui/inline-alert.js';
import { LoadingState } from '../../../shared/ui/states.js';
import { ToneBadge } from '../../../shared/ui/tone-badge.js';
import type { useHomeSummary } from '../api/home-api.js';

/** A block of the home: title, count, a link to the full list, and its content or states. */
export const Section = ({
  title,
  count,
  more,
  children,
  pending,
  error,
  empty,
  testId,
}: {
  title: string;
  count?: number;
  more?: { to: string; label: string };
  children?: ReactNode;
  pending?: boolean;
  error?: Error | null;
  empty?: string | false;
  testId?: string;
}) => (
  <Card withBorder radius="md" padding="md" component="section" aria-label={title} data-testid={testId}>
    <Group justify="space-between" wrap="nowrap" mb="sm" gap="xs">
      <Group gap="xs" wrap="nowrap" style={{ minWidth: 0 }}>
        <Title order={2} size="h5">
          {title}
        </Title>
        {count !== undefined && <ToneBadge tone="neutral">{count}</ToneBadge>}
      </Group>
      {more && (
        <Anchor component={Link} to={more.to} size="sm" style={{ whiteSpace: 'nowrap' }}>
          {more.label}
        </Anchor>
      )}
    </Group>
    {pending ? (
      <LoadingState rows={2} />
    ) : error ? (
      <InlineAlert>{error.message}</InlineAlert>
    ) : empty ? (
      <Text size="sm" c="gray.7">
        {empty}
      </Text>
    ) : (
      children
    )}
  </Card>
);

/** One figure people look at first: a number, what it counts, where it is worked. */
export const Figure = ({
  label,
  value,
  to,
  tone = 'neutral',
}: {
  label: string;
  value: number | string | undefined;
  /** Where the count opens; none: a figure to read (the user may not open that list). */
  to?: string;
  tone?: 'neutral' | 'danger' | 'warning';
}) => {
  const style = { textDecoration: 'none', color: 'inherit', borderLeft: `4px solid ${toneBorder[tone]}` };
  const body = (
    <>
      <Text size="xl" fw={700} c={tone === 'danger' ? 'red.9' : 'dark.9'}>
        {value ?? '…'}
      </Text>
      <Text size="sm" c="gray.8">
        {label}
      </Text>
    </>
  );
  return to ? (
    <Paper withBorder radius="md" p="sm" component={Link} to={to} style={style}>
      {body}
    </Paper>
  ) : (
    <Paper withBorder radius="md" p="sm" style={style}>
      {body}
    </Paper>
  );
};

const toneBorder = { neutral: '#adb5bd', danger: '#b42318', warning: '#b7791f' };

export const Figures = ({ children }: { children: ReactNode }) => (
  <SimpleGrid cols={{ base: 2, md: 4 }} spacing="sm">
    {children}
  </SimpleGrid>
);

/** A row of a home list: the main line links where the work is done. */
export const ItemRow = ({
  to,
  title,
  detail,
  aside,
}: {
  to: string;
  title: ReactNode;
  detail?: ReactNode;
  aside?: ReactNode;
}) => (
  <Group justify="space-between" wrap="nowrap" gap="xs" py={6} style={{ borderTop: '1px solid #e9ecef' }}>
    <Stack gap={0} style={{ minWidth: 0 }}>
      <Anchor component={Link} to={to} size="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
        {title}
      </Anchor>
      {detail && (
        <Text size="xs" c="gray.7" style={{ overflowWrap: 'anywhere' }}>
          {detail}
        </Text>
      )}
    </Stack>
    {aside && <div style={{ flexShrink: 0 }}>{aside}</div>}
  </Group>
);

/** The edited proposals with required documents still pending, each opening where they are sent. */
export const PendingDocumentsSection = ({
  summary,
  linkOf,
}: {
  summary: ReturnType<typeof useHomeSummary>;
  linkOf: (proposalUniqueId: string) => string;
}) => (
  <Section
    title="Documentos pendentes"
    count={summary.data?.PendingDocumentsTotal}
    pending={summary.isPending}
    error={summary.error}
    empty={summary.data?.PendingDocuments.length === 0 && 'Nenhum documento obrigatório pendente.'}
    testId="home-documents"
  >
    {summary.data?.PendingDocuments.map((d) => (
      <ItemRow
        key={d.ProposalUniqueId}
        to={linkOf(d.ProposalUniqueId)}
        title={`Proposta nº ${d.ProposalNumber}`}
        detail={d.StatusName}
        aside={
          <ToneBadge tone="warning">
            {d.Pending} {d.Pending === 1 ? 'pendente' : 'pendentes'}
          </ToneBadge>
        }
      />
    ))}
  </Section>
);

/** Chart settings of the home: whole numbers in pt-BR, no animation (read at once, stable screenshots). */
export const countChart = {
  valueFormatter: (v: number) => v.toLocaleString('pt-BR'),
  barProps: { isAnimationActive: false },
} as const;
