import { getInsuredChangeHistory, maskCpfCnpj, Permission, UserType } from '@aval/contracts';
import { Card, Group, Stack, Tabs, Text, Title } from '@mantine/core';
import { useParams } from 'react-router';
import { useUserInfo } from '../../../app/session/use-user-info.js';
import { permissionsOf } from '../../../app/session/user-info.js';
import { ChangeHistoryTable } from '../../../shared/ui/change-history-table.js';
import { EmptyState, LoadingState } from '../../../shared/ui/states.js';
import { useTabInUrl } from '../../../shared/ui/use-tab-in-url.js';
import { RelatedPoliciesTab, useCanSeePolicies } from '../../policies/index.js';
import { insuredKeys, useInsured } from '../api/insureds-api.js';
import { DataTab } from '../components/data-tab.js';
import { DocumentsTab } from '../components/documents-tab.js';
import { InsuredBadges } from '../components/insured-badges.js';
import { LocationsTab } from '../components/locations-tab.js';

const tabs = [
  ['dados', 'Dados'],
  ['localizacoes', 'Localizações'],
  ['documentos', 'Documentos'],
  ['historico', 'Histórico'],
  ['apolices', 'Apólices'],
] as const;

/** /segurado/:seguradoUniqueId: data, locations, documents and change history of an insured. */
export const InsuredPage = () => {
  const { seguradoUniqueId = '' } = useParams();
  const [tab, setTab] = useTabInUrl('dados');
  const insured = useInsured(seguradoUniqueId);
  const user = useUserInfo();
  const canSeePolicies = useCanSeePolicies();
  if (insured.isPending) return <LoadingState />;
  if (insured.isError || !insured.data)
    return <EmptyState title="Segurado não encontrado" description={insured.error?.message} />;
  const s = insured.data;
  const rights = {
    canManage: permissionsOf(user).has(Permission.GERENCIAR_SEGURADOS),
    isInsurer: user?.UserTypeId === UserType.INSURANCE,
  };
  return (
    <Stack>
      <Card withBorder>
        <Group justify="space-between" align="flex-start" wrap="wrap">
          <Stack gap={4}>
            <Title order={2} size="h3">
              {s.Name}
            </Title>
            <Text size="sm" c="gray.7">
              {maskCpfCnpj(s.InsuredDocument)}
              {s.MainCity ? ` · ${s.MainCity}` : ''}
            </Text>
            <InsuredBadges insured={s} />
          </Stack>
        </Group>
      </Card>
      <Tabs value={tab} onChange={setTab} keepMounted={false}>
        <Tabs.List>
          {tabs
            .filter(([value]) => value !== 'apolices' || canSeePolicies)
            .map(([value, label]) => (
              <Tabs.Tab key={value} value={value}>
                {label}
              </Tabs.Tab>
            ))}
        </Tabs.List>
        <Tabs.Panel value="dados" pt="md">
          <DataTab insured={s} rights={rights} />
        </Tabs.Panel>
        <Tabs.Panel value="localizacoes" pt="md">
          <LocationsTab insured={s} canManage={rights.canManage} />
        </Tabs.Panel>
        <Tabs.Panel value="documentos" pt="md">
          <DocumentsTab insured={s} />
        </Tabs.Panel>
        <Tabs.Panel value="historico" pt="md">
          <ChangeHistoryTable
            endpoint={getInsuredChangeHistory}
            query={{ insuredId: s.Id }}
            queryKey={insuredKeys.history(s.Id)}
          />
        </Tabs.Panel>
        <Tabs.Panel value="apolices" pt="md">
          <RelatedPoliciesTab insuredUniqueId={s.UniqueId} />
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
};
