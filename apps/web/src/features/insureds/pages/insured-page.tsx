import { getInsuredChangeHistory, maskCpfCnpj, Permission, UserType } from '@aval/contracts';
import { Stack } from '@mantine/core';
import { useParams } from 'react-router';
import { useUserInfo } from '../../../app/session/use-user-info.js';
import { hasAnyPermission } from '../../../app/session/user-info.js';
import { historyTab } from '../../../shared/ui/change-history-table.js';
import { DetailHeader, DetailTabs } from '../../../shared/ui/detail-page.js';
import { EmptyState, LoadingState } from '../../../shared/ui/states.js';
import { useRelatedPoliciesTab } from '../../policies/index.js';
import { insuredKeys, useInsured } from '../api/insureds-api.js';
import { DataTab } from '../components/data-tab.js';
import { DocumentsTab } from '../components/documents-tab.js';
import { InsuredBadges } from '../components/insured-badges.js';
import { LocationsTab } from '../components/locations-tab.js';

/** /segurado/:seguradoUniqueId: data, locations, documents and change history of an insured. */
export const InsuredPage = () => {
  const { seguradoUniqueId = '' } = useParams();
  const insured = useInsured(seguradoUniqueId);
  const user = useUserInfo();
  const policiesTab = useRelatedPoliciesTab();
  if (insured.isPending) return <LoadingState />;
  if (insured.isError || !insured.data)
    return <EmptyState title="Segurado não encontrado" description={insured.error?.message} />;
  const s = insured.data;
  const rights = {
    canManage: hasAnyPermission(user, [Permission.GERENCIAR_SEGURADOS]),
    isInsurer: user?.UserTypeId === UserType.INSURANCE,
  };
  return (
    <Stack>
      <DetailHeader
        title={s.Name}
        subtitle={[maskCpfCnpj(s.InsuredDocument), s.MainCity]}
        badges={<InsuredBadges insured={s} />}
      />
      <DetailTabs
        defaultTab="dados"
        tabs={[
          { value: 'dados', label: 'Dados', panel: <DataTab insured={s} rights={rights} /> },
          {
            value: 'localizacoes',
            label: 'Localizações',
            panel: <LocationsTab insured={s} canManage={rights.canManage} />,
          },
          { value: 'documentos', label: 'Documentos', panel: <DocumentsTab insured={s} /> },
          historyTab({
            endpoint: getInsuredChangeHistory,
            query: { insuredId: s.Id },
            queryKey: insuredKeys.history(s.Id),
          }),
          policiesTab({ insuredUniqueId: s.UniqueId }),
        ]}
      />
    </Stack>
  );
};
