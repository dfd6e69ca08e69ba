import {
  formatDate,
  formatMoney,
  getPolicyHolder,
  getProposals,
  searchPoliciesRelatedToLoggedUser,
  type UserInfo,
} from '@aval/contracts';
import { SimpleGrid, Stack, Text } from '@mantine/core';
import { callerOf, mayCall } from '../../../shared/api/may-call.js';
import { ProposalStatusBadge } from '../../proposals/index.js';
import { useHomeSummary, useLatestPolicies, useLatestProposals } from '../api/home-api.js';
import { LimitRow } from './broker-home.js';
import { Figure, Figures, ItemRow, PendingDocumentsSection, Section } from './home-parts.js';

/** Policy holder users: their proposals and policies, the documents still asked of them, their limit. */
export const PolicyHolderHome = ({ user }: { user: UserInfo }) => {
  // What the holder's profile allows (an insurer may narrow the default 'Tomador' profile).
  const caller = callerOf(user);
  const seesProposals = mayCall(caller, getProposals);
  const seesPolicies = mayCall(caller, searchPoliciesRelatedToLoggedUser);
  const opensHolder = mayCall(caller, getPolicyHolder);
  const summary = useHomeSummary();
  const proposals = useLatestProposals(seesProposals);
  const policies = useLatestPolicies(seesPolicies);
  const limit = summary.data?.PolicyHolderLimits[0];
  return (
    <Stack gap="md">
      <Figures>
        {seesProposals && <Figure label="Suas propostas" value={proposals.data?.Total} to="/propostas" />}
        {seesPolicies && <Figure label="Apólices em vigor" value={policies.data?.Total} to="/apolices" />}
        {seesProposals && (
          <Figure
            label="Propostas com documentos pendentes"
            value={summary.data?.PendingDocumentsTotal}
            to="/propostas"
            tone={summary.data?.PendingDocumentsTotal ? 'warning' : 'neutral'}
          />
        )}
        {limit && (
          <Figure
            label="Do limite utilizado"
            value={`${limit.UsedPercent.toLocaleString('pt-BR')}%`}
            to={opensHolder ? `/tomador/${limit.UniqueId}` : undefined}
          />
        )}
      </Figures>
      <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="md">
        {seesProposals && (
          <Section
            title="Suas propostas"
            count={proposals.data?.Total}
            more={{ to: '/propostas', label: 'Ver todas' }}
            pending={proposals.isPending}
            error={proposals.error}
            empty={proposals.data?.Data.length === 0 && 'Nenhuma proposta em seu nome.'}
            testId="home-proposals"
          >
            {proposals.data?.Data.map((p) => (
              <ItemRow
                key={p.UniqueId}
                to={`/propostas/proposta/${p.UniqueId}`}
                title={`Proposta nº ${p.Number}`}
                detail={`${p.ProductName}${p.InsuredName ? ` · ${p.InsuredName}` : ''}`}
                aside={<ProposalStatusBadge statusId={p.StatusId} label={p.StatusName} />}
              />
            ))}
          </Section>
        )}
        {seesPolicies && (
          <Section
            title="Suas apólices em vigor"
            count={policies.data?.Total}
            more={{ to: '/apolices', label: 'Ver todas' }}
            pending={policies.isPending}
            error={policies.error}
            empty={policies.data?.Data.length === 0 && 'Nenhuma apólice em vigor.'}
            testId="home-policies"
          >
            {policies.data?.Data.map((p) => (
              <ItemRow
                key={p.UniqueId}
                to={`/apolice/${p.UniqueId}`}
                title={`Apólice ${p.PolicyNumber}`}
                detail={`${p.ModalityName} · IS ${formatMoney(p.InsuredAmountValue)}`}
                aside={
                  <Text size="xs" c="gray.8" ta="right">
                    até {formatDate(p.EndDate)}
                  </Text>
                }
              />
            ))}
          </Section>
        )}
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="md">
        {seesProposals && (
          <PendingDocumentsSection summary={summary} linkOf={(id) => `/propostas/proposta/${id}`} />
        )}
        {limit && (
          <Section title="Seu limite" testId="home-limits">
            <LimitRow holder={limit} />
          </Section>
        )}
      </SimpleGrid>
    </Stack>
  );
};
