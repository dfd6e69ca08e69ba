import {
  type BrokerView,
  getBrokerChangeHistory,
  inverterBlocked,
  Permission,
  updateBroker,
} from '@aval/contracts';
import { Button, Group, Stack } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useDisclosure } from '@mantine/hooks';
import { IconBan, IconLockOpen, IconPencil } from '@tabler/icons-react';
import { useParams } from 'react-router';
import { useUserInfo } from '../../../app/session/use-user-info.js';
import { hasAnyPermission } from '../../../app/session/user-info.js';
import { useBanks } from '../../../shared/api/banks.js';
import { useContractMutation } from '../../../shared/api/use-contract-mutation.js';
import { useServerErrors } from '../../../shared/forms/contract-form.js';
import { historyTab } from '../../../shared/ui/change-history-table.js';
import { DetailHeader, DetailTabs } from '../../../shared/ui/detail-page.js';
import { InlineAlert } from '../../../shared/ui/inline-alert.js';
import { JustifiedAction } from '../../../shared/ui/justified-action.js';
import { Popup } from '../../../shared/ui/popup.js';
import { EmptyState, LoadingState } from '../../../shared/ui/states.js';
import { brokersKeys, brokersWrites, useBroker } from '../api/brokers-api.js';
import { BrokerBadges } from '../components/broker-badges.js';
import { BrokerCommissionsTab } from '../components/broker-commissions-tab.js';
import { BrokerDataTab } from '../components/broker-data-tab.js';
import { BrokerDocumentsTab } from '../components/broker-documents-tab.js';
import {
  BrokerForm,
  brokerBodyOf,
  brokerFormOf,
  brokerServerFields,
  validateBrokerForm,
} from '../components/broker-form.js';
import { BrokerNominationsTab } from '../components/broker-nominations-tab.js';

const P = Permission;

const EditBroker = ({
  broker,
  insurer,
  onClose,
}: {
  broker: BrokerView;
  insurer: boolean;
  onClose: () => void;
}) => {
  const form = useForm({
    initialValues: brokerFormOf(broker),
    validate: (v) => validateBrokerForm(v, insurer),
  });
  const banks = useBanks();
  const save = useContractMutation(updateBroker, { ...brokersWrites, success: 'Dados da corretora salvos.' });
  const serverErrors = useServerErrors(form, save.error, brokerServerFields);
  const submit = form.onSubmit((value) =>
    save.mutate(
      { body: { UniqueId: broker.UniqueId, ...brokerBodyOf(value, insurer) } },
      { onSuccess: onClose },
    ),
  );
  return (
    <Stack>
      {serverErrors.length > 0 && <InlineAlert>{serverErrors.join('\n')}</InlineAlert>}
      <BrokerForm form={form} banks={banks.data ?? []} withCommission={insurer} />
      <Group justify="flex-end">
        <Button variant="default" onClick={onClose}>
          Cancelar
        </Button>
        <Button loading={save.isPending} onClick={() => submit()}>
          Salvar
        </Button>
      </Group>
    </Stack>
  );
};

const BlockDialog = ({ broker, onClose }: { broker: BrokerView; onClose: () => void }) => {
  const toggle = useContractMutation(inverterBlocked, {
    ...brokersWrites,
    success: broker.IsBlocked ? 'Corretora desbloqueada.' : 'Corretora bloqueada.',
  });
  const action = broker.IsBlocked ? 'Desbloquear' : 'Bloquear';
  return (
    <JustifiedAction
      question={
        <>
          {action} a corretora <strong>{broker.Name}</strong>?
        </>
      }
      confirmLabel={action}
      color={broker.IsBlocked ? undefined : 'red.8'}
      busy={toggle.isPending}
      onConfirm={(justification) =>
        toggle.mutate(
          { body: { BrokerUniqueId: broker.UniqueId, Justification: justification ?? undefined } },
          { onSuccess: onClose },
        )
      }
      onClose={onClose}
    />
  );
};

/** /corretor (own brokerage) and /corretor/:corretorUniqueId (insurer staff, advisors). */
export const BrokerPage = () => {
  const { corretorUniqueId } = useParams();
  const user = useUserInfo();
  const broker = useBroker(corretorUniqueId);
  const [editing, edit] = useDisclosure(false);
  const [blocking, block] = useDisclosure(false);
  if (broker.isPending) return <LoadingState />;
  if (broker.isError || !broker.data)
    return <EmptyState title="Corretora não encontrada" description={broker.error?.message} />;
  const b = broker.data;
  const insurer = user?.UserTypeId === 1;
  // An advisor sees the data of an advised brokerage; documents, commissions and history are the
  // brokerage's (when acting as it) or the insurer's.
  const advisor = user?.UserTypeId === 6;
  const own = !insurer && !advisor;
  const canEdit = insurer
    ? hasAnyPermission(user, [P.GERENCIAR_CORRETORES])
    : own && hasAnyPermission(user, [P.GERENCIAR_CORRETORA]);
  const canBlock = insurer && hasAnyPermission(user, [P.GERENCIAR_CORRETORES]);
  return (
    <Stack>
      <DetailHeader
        title={b.TradeName ?? b.Name}
        subtitle={[b.Name, `CNPJ ${b.CpfCnpj}`, `SUSEP ${b.SUSEPProtocol}`]}
        badges={<BrokerBadges broker={b} />}
        actions={
          <Group gap="xs" wrap="wrap">
            {canEdit && (
              <Button
                variant="default"
                leftSection={<IconPencil size={16} aria-hidden />}
                onClick={edit.open}
              >
                Editar dados
              </Button>
            )}
            {canBlock && (
              <Button
                variant="outline"
                color={b.IsBlocked ? undefined : 'red.9'}
                leftSection={
                  b.IsBlocked ? <IconLockOpen size={16} aria-hidden /> : <IconBan size={16} aria-hidden />
                }
                onClick={block.open}
              >
                {b.IsBlocked ? 'Desbloquear' : 'Bloquear'}
              </Button>
            )}
          </Group>
        }
      />
      <DetailTabs
        defaultTab="dados"
        tabs={[
          { value: 'dados', label: 'Dados', panel: <BrokerDataTab broker={b} own={own} /> },
          ...(advisor
            ? []
            : [
                {
                  value: 'documentos',
                  label: 'Documentos',
                  panel: <BrokerDocumentsTab brokerId={b.Id} own={own} />,
                },
                {
                  value: 'comissoes',
                  label: 'Comissões',
                  panel: <BrokerCommissionsTab brokerId={b.Id} own={own} />,
                },
                {
                  value: 'tomadores',
                  label: 'Tomadores nomeados',
                  panel: <BrokerNominationsTab brokerUniqueId={b.UniqueId} />,
                },
                historyTab({
                  endpoint: getBrokerChangeHistory,
                  query: { brokerId: own ? undefined : b.Id },
                  queryKey: [...brokersKeys.history(), b.Id],
                }),
              ]),
        ]}
      />
      <Popup opened={editing} onClose={edit.close} title="Editar dados da corretora" size="xl">
        {editing && <EditBroker broker={b} insurer={insurer} onClose={edit.close} />}
      </Popup>
      <Popup
        opened={blocking}
        onClose={block.close}
        title={b.IsBlocked ? 'Desbloquear corretora' : 'Bloquear corretora'}
      >
        {blocking && <BlockDialog broker={b} onClose={block.close} />}
      </Popup>
    </Stack>
  );
};
