import {
  formatDateTime,
  formatMoney,
  maskCpfCnpj,
  Permission as P,
  searchPolicyHoldersRelatedToCurrentUserLogged,
  type UserInfo,
} from '@aval/contracts';
import { Group, Progress, SimpleGrid, Stack, Text } from '@mantine/core';
import { hasAnyPermission } from '../../../app/session/user-info.js';
import { callerOf, mayCall } from '../../../shared/api/may-call.js';
import { LazyBarChart } from '../../../shared/ui/charts/lazy-bar-chart.js';
import { ProposalStatusBadge, wizardStep } from '../../proposals/index.js';
import { useExpiringPolicies, useHomeSummary, useQuotesToFinish } from '../api/home-api.js';
import { inProgressStatuses, proposalPath, statusBars } from '../home-logic.js';
import { ExpiringFigure, ExpiringPolicies } from './expiring-policies.js';
import { countChart, Figure, Figures, ItemRow, PendingDocumentsSection, Section } from './home-parts.js';

/** Where a policy holder's limit stands: used share as a bar, the amounts in words. */
export const LimitRow = ({
  holder,
}: {
  holder: {
    UniqueId: string;
    Name: string;
    Document: string;
    Limit: string;
    Used: string;
    Available: string;
    UsedPercent: number;
  };
}) => (
  <Stack gap={4} py={6} style={{ borderTop: '1px solid #e9ecef' }}>
    <ItemRow
      to={`/tomador/${holder.UniqueId}`}
      title={holder.Name}
      detail={maskCpfCnpj(holder.Document)}
      aside={
        <Text size="sm" fw={700} c={holder.UsedPercent >= 90 ? 'red.9' : 'dark.9'}>
          {holder.UsedPercent.toLocaleString('pt-BR', { maximumFractionDigits: 1 })}%
        </Text>
      }
    />
    <Progress
      value={Math.min(100, holder.UsedPercent)}
      color={holder.UsedPercent >= 90 ? 'red.8' : holder.UsedPercent >= 70 ? 'orange.7' : 'teal.7'}
      aria-label={`Limite utilizado de ${holder.Name}`}
    />
    <Text size="xs" c="gray.7">
      Disponível {formatMoney(holder.Available)} de {formatMoney(holder.Limit)}
    </Text>
  </Stack>
);

/** Brokers and agents: proposals by status, quotes to finish, documents, policies expiring, limits. */
export const BrokerHome = ({ user }: { user: UserInfo }) => {
  const canEdit = hasAnyPermission(user, [P.GERENCIAR_PROPOSTAS]);
  const seesPolicies = hasAnyPermission(user, [P.VISUALIZAR_APOLICES, P.SOLICITAR_ENDOSSO]);
  // /tomadores lists through SearchPolicyHoldersRelatedToCurrentUserLogged: offered to who may call it.
  const seesHolders = mayCall(callerOf(user), searchPolicyHoldersRelatedToCurrentUserLogged);
  const summary = useHomeSummary();
  const quotes = useQuotesToFinish(true);
  const expiring = useExpiringPolicies(seesPolicies);
  const bars = statusBars(summary.data?.ProposalsByStatus ?? []);
  const inProgress = bars.reduce((n, b) => n + b.Propostas, 0);
  const limits = summary.data?.PolicyHolderLimits ?? [];
  const side = canEdit ? 'broker' : 'view';
  const pathOf = (p: { UniqueId: string; StatusId: number }) =>
    side === 'broker' ? proposalPath(p, 'broker') : `/propostas/proposta/${p.UniqueId}`;

  return (
    <Stack gap="md">
      <Figures>
        <Figure
          label="Propostas em andamento"
          value={summary.isPending ? undefined : inProgress}
          to={`/propostas?status=${inProgressStatuses.join(',')}`}
        />
        <Figure label="Cotações a concluir" value={quotes.data?.Total} to="/propostas?status=8,1" />
        <Figure
          label="Propostas com documentos pendentes"
          value={summary.data?.PendingDocumentsTotal}
          to="/propostas"
          tone={summary.data?.PendingDocumentsTotal ? 'warning' : 'neutral'}
        />
        {seesPolicies && <ExpiringFigure expiring={expiring} days={90} />}
      </Figures>

      <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="md">
        <Section
          title="Propostas em andamento por status"
          count={inProgress}
          more={{ to: '/propostas', label: 'Ver propostas' }}
          pending={summary.isPending}
          error={summary.error}
          empty={bars.length === 0 && 'Nenhuma proposta em andamento.'}
          testId="home-status"
        >
          <LazyBarChart
            h={Math.max(140, bars.length * 36)}
            data={bars}
            dataKey="status"
            orientation="vertical"
            xAxisProps={{ allowDecimals: false }}
            {...countChart}
            yAxisProps={{ width: 130 }}
            series={[{ name: 'Propostas', color: 'blue.8' }]}
            withBarValueLabel
            role="img"
            aria-label={bars.map((b) => `${b.status}: ${b.Propostas}`).join('; ')}
          />
        </Section>

        <Section
          title="Cotações a concluir"
          count={quotes.data?.Total}
          more={{ to: '/propostas', label: 'Ver todas' }}
          pending={quotes.isPending}
          error={quotes.error}
          empty={quotes.data?.Data.length === 0 && 'Nenhuma cotação em aberto.'}
          testId="home-quotes"
        >
          {quotes.data?.Data.map((p) => (
            <ItemRow
              key={p.UniqueId}
              to={pathOf(p)}
              title={`Nº ${p.Number} · ${p.PolicyHolderName}`}
              detail={`${p.ProductName} · alterada em ${formatDateTime(p.UpdatedAt)}`}
              aside={<ProposalStatusBadge statusId={p.StatusId} label={p.StatusName} />}
            />
          ))}
        </Section>
      </SimpleGrid>

      <PendingDocumentsSection
        summary={summary}
        linkOf={(id) =>
          side === 'broker'
            ? `/propostas/proposta/editar/${id}?etapa=${wizardStep.documents}`
            : `/propostas/proposta/${id}`
        }
      />

      <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="md">
        {seesPolicies && <ExpiringPolicies expiring={expiring} title="Apólices vencendo em 90 dias" />}
        <Section
          title="Limites dos tomadores"
          more={seesHolders ? { to: '/tomadores', label: 'Ver tomadores' } : undefined}
          pending={summary.isPending}
          error={summary.error}
          empty={limits.length === 0 && 'Nenhum tomador com limite aprovado.'}
          testId="home-limits"
        >
          <Group gap={4} mb={4}>
            <Text size="xs" c="gray.7">
              Os mais utilizados primeiro.
            </Text>
          </Group>
          {limits.map((h) => (
            <LimitRow key={h.UniqueId} holder={h} />
          ))}
        </Section>
      </SimpleGrid>
    </Stack>
  );
};
