import { cardTypeLabels, formatDate, Permission as P, searchProposals, type UserInfo } from '@aval/contracts';
import { Stack, Text } from '@mantine/core';
import { hasAnyPermission, permissionsOf } from '../../../app/session/user-info.js';
import { callerOf, mayCall } from '../../../shared/api/may-call.js';
import { LazyBarChart } from '../../../shared/ui/charts/lazy-bar-chart.js';
import { type Tone, ToneBadge } from '../../../shared/ui/tone-badge.js';
import {
  useExpiringPolicies,
  useHomeSummary,
  useInbox,
  useLateSro,
  useLateSroOperations,
} from '../api/home-api.js';
import { pipeBars, workedPipes } from '../home-logic.js';
import { ExpiringFigure, ExpiringPolicies } from './expiring-policies.js';
import { countChart, Figure, Figures, ItemRow, Section } from './home-parts.js';

const sla: Record<string, { label: string; tone: Tone }> = {
  late: { label: 'Atrasado', tone: 'danger' },
  dueSoon: { label: 'Vence logo', tone: 'warning' },
  ok: { label: 'No prazo', tone: 'success' },
  none: { label: 'Sem prazo', tone: 'neutral' },
};
const SHOWN = 8;

const daysLeftText = (d: { DaysLeft: number; IsOverdue: boolean; IsPaused: boolean }) =>
  d.IsOverdue
    ? 'Prazo vencido'
    : `${d.DaysLeft} ${d.DaysLeft === 1 ? 'dia' : 'dias'}${d.IsPaused ? ' (pausado)' : ''}`;

/** Insurer staff: the cards waiting on them, the acceptance clocks, the SRO and the policies to notify. */
export const InsurerHome = ({ user }: { user: UserInfo }) => {
  const held = permissionsOf(user);
  const seesPipes = held.has(P.VISUALIZAR_ESTEIRAS);
  const seesSro = hasAnyPermission(user, [
    P.VISUALIZAR_APOLICES,
    P.VISUALIZAR_PROPOSTAS_SEGURADORA,
    P.GERENCIAR_PROPOSTAS_SEGURADORA,
  ]);
  const seesPolicies = hasAnyPermission(user, [
    P.VISUALIZAR_APOLICES,
    P.CANCELAR_APOLICE_MANUALMENTE,
    P.SOLICITAR_ENDOSSO,
  ]);
  // The acceptance list opens the insurer's proposals (/propostas-seguradora: SearchProposals, 31/32).
  const seesProposals = mayCall(callerOf(user), searchProposals);
  const inbox = useInbox(seesPipes, held, user.UserId);
  const summary = useHomeSummary();
  const lateSro = useLateSro(seesSro);
  const managesSro = held.has(P.GERENCIAR_REGISTROS_SRO);
  const lateOperations = useLateSroOperations(managesSro);
  const expiring = useExpiringPolicies(seesPolicies);
  const lateCards = inbox.cards.filter((c) => c.card.sla === 'late').length;
  const pipes = inbox.pipes.data ? workedPipes(inbox.pipes.data, held) : [];

  return (
    <Stack gap="md">
      <Figures>
        {seesPipes && (
          <Figure
            label="Cards atrasados para você"
            value={inbox.isPending ? undefined : lateCards}
            to="/kanban"
            tone={lateCards > 0 ? 'danger' : 'neutral'}
          />
        )}
        {seesProposals && (
          <Figure
            label="Propostas perto do prazo de aceitação"
            value={summary.data?.AcceptanceDueTotal}
            to="/propostas-seguradora?status=2"
            tone={summary.data?.AcceptanceDueTotal ? 'warning' : 'neutral'}
          />
        )}
        {seesSro && (
          <Figure
            label="Registros no SRO atrasados"
            value={lateSro.data?.Total}
            to="/apolices/registro-sro"
            tone={lateSro.data?.Total ? 'danger' : 'neutral'}
          />
        )}
        {managesSro && (
          <Figure
            label="Operações no SRO atrasadas"
            value={lateOperations.data?.Total}
            to="/apolices/sro"
            tone={lateOperations.data?.Total ? 'danger' : 'neutral'}
          />
        )}
        {seesPolicies && <ExpiringFigure expiring={expiring} days={30} />}
      </Figures>

      {seesPipes && (
        <Section
          title="Cards esperando por você"
          count={inbox.cards.length}
          more={{ to: '/kanban', label: 'Ver esteiras' }}
          pending={inbox.isPending}
          error={inbox.error}
          empty={inbox.cards.length === 0 && 'Nenhum card aberto nas suas esteiras.'}
          testId="home-inbox"
        >
          <Text size="xs" c="gray.7" mb={4}>
            Cards atribuídos a você ou ainda sem responsável nas suas esteiras, os atrasados primeiro.
          </Text>
          {inbox.cards.slice(0, SHOWN).map(({ card, pipe, mine }) => (
            <ItemRow
              key={card.id}
              to={`/kanban/pipe/${pipe.token}`}
              title={
                card.cardData?.header ??
                cardTypeLabels[card.cardType as keyof typeof cardTypeLabels] ??
                card.cardType
              }
              detail={`${pipe.name} · ${mine ? 'com você' : 'sem responsável'}${card.dueAt ? ` · prazo ${formatDate(card.dueAt)}` : ''}`}
              aside={<ToneBadge tone={sla[card.sla]!.tone}>{sla[card.sla]!.label}</ToneBadge>}
            />
          ))}
        </Section>
      )}

      {seesPipes && pipes.length > 0 && (
        <Section
          title="Cards por esteira"
          more={{ to: '/kanban', label: 'Abrir esteiras' }}
          testId="home-pipes"
        >
          <LazyBarChart
            h={Math.max(160, pipes.length * 38)}
            data={pipeBars(pipes)}
            dataKey="esteira"
            orientation="vertical"
            xAxisProps={{ allowDecimals: false }}
            {...countChart}
            type="stacked"
            yAxisProps={{ width: 110 }}
            series={[
              { name: 'Em atraso', color: 'red.8' },
              { name: 'No prazo', color: 'teal.7' },
            ]}
            withLegend
            role="img"
            aria-label={pipes
              .map((p) => `${p.name}: ${p.cardCount} cards, ${p.lateCount} em atraso`)
              .join('; ')}
          />
        </Section>
      )}

      {seesProposals && (
        <Section
          title="Prazo de aceitação (25 dias) terminando"
          count={summary.data?.AcceptanceDueTotal}
          more={{ to: '/propostas-seguradora', label: 'Ver propostas' }}
          pending={summary.isPending}
          error={summary.error}
          empty={
            summary.data?.AcceptanceDue.length === 0 && 'Nenhuma proposta com 5 dias ou menos para a decisão.'
          }
          testId="home-acceptance"
        >
          {summary.data?.AcceptanceDue.map((p) => (
            <ItemRow
              key={p.UniqueId}
              to={`/propostas-seguradora/proposta/${p.Kind}/${p.UniqueId}`}
              title={`Proposta nº ${p.Number} · ${p.PolicyHolderName}`}
              detail={`${p.StatusName} · ${p.BrokerName}`}
              aside={
                <ToneBadge tone={p.IsOverdue || p.DaysLeft <= 2 ? 'danger' : 'warning'}>
                  {daysLeftText(p)}
                </ToneBadge>
              }
            />
          ))}
        </Section>
      )}

      {seesSro && (
        <Section
          title="Registros no SRO atrasados"
          count={lateSro.data?.Total}
          more={{ to: '/apolices/registro-sro', label: 'Registrar' }}
          pending={lateSro.isPending}
          error={lateSro.error}
          empty={lateSro.data?.Data.length === 0 && 'Nenhum registro no SRO atrasado.'}
          testId="home-sro"
        >
          {lateSro.data?.Data.map((p) => (
            <ItemRow
              key={p.UniqueId}
              to="/apolices/registro-sro"
              title={`Apólice ${p.Number} · ${p.PolicyHolderName}`}
              detail={`Prazo do SRO: ${formatDate(p.SroDeadline)}`}
              aside={<ToneBadge tone="danger">Atrasado</ToneBadge>}
            />
          ))}
        </Section>
      )}

      {seesPolicies && <ExpiringPolicies expiring={expiring} title="Apólices a notificar (vencendo)" />}
    </Stack>
  );
};
