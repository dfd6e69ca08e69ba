import {
  getPolicyHolderChangeHistory,
  inverterBlockedPolicyHolder,
  inverterBlockedRestrictvePolicyHolder,
  inverterIgnoreCCGSignaturePolicyHolder,
  maskCpfCnpj,
  type PolicyHolderDetail,
  updatePolicyHolderName,
} from '@aval/contracts';
import { Button, Group, Modal, Stack, TextInput } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconBan, IconLock, IconPencil, IconSignature } from '@tabler/icons-react';
import { useState } from 'react';
import { useParams } from 'react-router';
import { useContractMutation } from '../../../shared/api/use-contract-mutation.js';
import { historyTab } from '../../../shared/ui/change-history-table.js';
import { DetailHeader, DetailTabs } from '../../../shared/ui/detail-page.js';
import { JustifiedAction } from '../../../shared/ui/justified-action.js';
import { EmptyState, LoadingState } from '../../../shared/ui/states.js';
import { useRelatedPoliciesTab } from '../../policies/index.js';
import { policyHolderKeys, policyHolderWrites, usePolicyHolder } from '../api/policy-holders-api.js';
import { BranchesTab } from '../components/branches-tab.js';
import { DataTab } from '../components/data-tab.js';
import { DocumentsTab } from '../components/documents-tab.js';
import { HolderBadges } from '../components/holder-badges.js';
import { LimitsTab } from '../components/limits-tab.js';
import { LocationsTab } from '../components/locations-tab.js';

type Toggle = {
  key: 'blocked' | 'restrictive' | 'ccg';
  def: typeof inverterBlockedPolicyHolder;
  label: (h: PolicyHolderDetail) => string;
  allowed: (h: PolicyHolderDetail) => boolean;
  icon: typeof IconBan;
};

const toggles: Toggle[] = [
  {
    key: 'blocked',
    def: inverterBlockedPolicyHolder,
    label: (h) => (h.IsBlocked ? 'Desbloquear' : 'Bloquear'),
    allowed: (h) => h.Permissions.CanToggleBlocked,
    icon: IconBan,
  },
  {
    key: 'restrictive',
    def: inverterBlockedRestrictvePolicyHolder as unknown as typeof inverterBlockedPolicyHolder,
    label: (h) => (h.IsRestrictiveBlocked ? 'Remover bloqueio restritivo' : 'Bloquear por restritivos'),
    allowed: (h) => h.Permissions.CanToggleRestrictive,
    icon: IconLock,
  },
  {
    key: 'ccg',
    def: inverterIgnoreCCGSignaturePolicyHolder as unknown as typeof inverterBlockedPolicyHolder,
    label: (h) => (h.IgnoreCCGSignature ? 'Exigir assinatura de CCG' : 'Dispensar assinatura de CCG'),
    allowed: (h) => h.Permissions.CanToggleIgnoreCCG,
    icon: IconSignature,
  },
];

const ToggleDialog = ({
  holder,
  toggle,
  onClose,
}: {
  holder: PolicyHolderDetail;
  toggle: Toggle;
  onClose: () => void;
}) => {
  const mutation = useContractMutation(toggle.def, {
    ...policyHolderWrites,
    success: 'Situação do tomador alterada.',
  });
  return (
    <JustifiedAction
      question={
        <>
          {toggle.label(holder)} o tomador <strong>{holder.Name}</strong>?
        </>
      }
      busy={mutation.isPending}
      onConfirm={(justification) =>
        mutation.mutate(
          { query: { PolicyHolderUniqueId: holder.UniqueId }, body: { Justification: justification } },
          { onSuccess: onClose },
        )
      }
      onClose={onClose}
    />
  );
};

const RenameDialog = ({ holder, onClose }: { holder: PolicyHolderDetail; onClose: () => void }) => {
  const [name, setName] = useState(holder.Name);
  const mutation = useContractMutation(updatePolicyHolderName, {
    ...policyHolderWrites,
    success: 'Nome alterado.',
  });
  const error = name.trim().length < 3 ? 'Informe o nome.' : undefined;
  return (
    <Stack>
      <TextInput
        label="Razão social"
        value={name}
        maxLength={150}
        error={error}
        data-autofocus
        onChange={(e) => setName(e.currentTarget.value)}
      />
      <Group justify="flex-end">
        <Button variant="default" onClick={onClose}>
          Cancelar
        </Button>
        <Button
          disabled={Boolean(error)}
          loading={mutation.isPending}
          onClick={() =>
            mutation.mutate(
              { query: { PolicyHolderUniqueId: holder.UniqueId, Name: name.trim() } },
              { onSuccess: onClose },
            )
          }
        >
          Salvar
        </Button>
      </Group>
    </Stack>
  );
};

/** /tomador/:tomadorUniqueId: data, locations, branches, documents, limits and rates, history. */
export const PolicyHolderPage = () => {
  const { tomadorUniqueId = '' } = useParams();
  const holder = usePolicyHolder(tomadorUniqueId);
  const policiesTab = useRelatedPoliciesTab();
  const [renaming, rename] = useDisclosure(false);
  const [toggle, setToggle] = useState<Toggle | null>(null);
  if (holder.isPending) return <LoadingState />;
  if (holder.isError || !holder.data)
    return <EmptyState title="Tomador não encontrado" description={holder.error?.message} />;
  const h = holder.data;
  return (
    <Stack>
      <DetailHeader
        title={h.Name}
        subtitle={[maskCpfCnpj(h.Document), h.TradeName, h.EconomicGroupName]}
        badges={<HolderBadges holder={h} />}
        actions={
          <Group gap="xs" wrap="wrap">
            {h.Permissions.CanEdit && (
              <Button
                variant="default"
                leftSection={<IconPencil size={16} aria-hidden />}
                onClick={rename.open}
              >
                Alterar nome
              </Button>
            )}
            {toggles
              .filter((t) => t.allowed(h))
              .map((t) => (
                <Button
                  key={t.key}
                  variant="outline"
                  color={t.key === 'ccg' ? undefined : 'red.9'}
                  leftSection={<t.icon size={16} aria-hidden />}
                  onClick={() => setToggle(t)}
                >
                  {t.label(h)}
                </Button>
              ))}
          </Group>
        }
      />
      <DetailTabs
        defaultTab="dados"
        tabs={[
          { value: 'dados', label: 'Dados', panel: <DataTab holder={h} /> },
          { value: 'localizacoes', label: 'Localizações', panel: <LocationsTab holder={h} /> },
          { value: 'filiais', label: 'Filiais', panel: <BranchesTab holder={h} /> },
          { value: 'documentos', label: 'Documentos', panel: <DocumentsTab holder={h} /> },
          { value: 'limites', label: 'Limites e taxas', panel: <LimitsTab holder={h} /> },
          historyTab({
            endpoint: getPolicyHolderChangeHistory,
            query: { policyHolderId: h.UniqueId },
            queryKey: policyHolderKeys.history(h.UniqueId),
          }),
          policiesTab({ policyHolderUniqueId: h.UniqueId }),
        ]}
      />
      <Modal
        closeButtonProps={{ 'aria-label': 'Fechar' }}
        opened={renaming}
        onClose={rename.close}
        title="Alterar nome do tomador"
        centered
      >
        <RenameDialog holder={h} onClose={rename.close} />
      </Modal>
      <Modal
        closeButtonProps={{ 'aria-label': 'Fechar' }}
        opened={toggle !== null}
        onClose={() => setToggle(null)}
        title={toggle?.label(h) ?? ''}
        centered
      >
        {toggle && <ToggleDialog holder={h} toggle={toggle} onClose={() => setToggle(null)} />}
      </Modal>
    </Stack>
  );
};
