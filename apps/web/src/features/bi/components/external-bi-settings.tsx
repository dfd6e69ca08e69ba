import { type EndpointResult, type getExternalBiSettings, saveExternalBiSettings } from '@aval/contracts';
import { Button, Group, NumberInput, PasswordInput, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { IconDeviceFloppy, IconTrash } from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';
import { useContractMutation } from '../../../shared/api/use-contract-mutation.js';
import { CollapsibleCard } from '../../../shared/ui/collapsible-card.js';
import { InlineAlert } from '../../../shared/ui/inline-alert.js';
import { biKeys, useExternalBiSettings } from '../api/bi-api.js';

type Settings = EndpointResult<typeof getExternalBiSettings>;

const Form = ({ settings }: { settings: Settings }) => {
  const [siteUrl, setSiteUrl] = useState(settings.SiteUrl ?? '');
  const [dashboardId, setDashboardId] = useState<string | number>(settings.DashboardId ?? '');
  const [secret, setSecret] = useState('');
  const save = useContractMutation(saveExternalBiSettings, {
    invalidate: [biKeys.all],
    success: (r) =>
      r.Configured ? 'BI externo configurado.' : 'BI externo removido: o painel próprio volta a aparecer.',
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    save.mutate(
      {
        body: {
          Enabled: true,
          SiteUrl: siteUrl.trim(),
          DashboardId: dashboardId === '' ? undefined : Number(dashboardId),
          Secret: secret.trim() || undefined,
        },
      },
      { onSuccess: () => setSecret('') },
    );
  };
  return (
    <form onSubmit={submit} noValidate aria-label="BI externo">
      <Stack gap="sm">
        <Text size="sm" c="gray.7">
          Metabase com incorporação estática: o portal assina, no servidor, um acesso de 10 minutos ao painel
          com o parâmetro <code>company_id</code> travado nesta seguradora. A chave secreta fica só no
          servidor (cifrada) e nunca volta ao navegador.
        </Text>
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          <TextInput
            label="URL do Metabase"
            placeholder="https://bi.seguradora.com.br"
            value={siteUrl}
            onChange={(e) => setSiteUrl(e.currentTarget.value)}
            maxLength={300}
          />
          <NumberInput
            label="Número do painel"
            min={1}
            allowDecimal={false}
            value={dashboardId}
            onChange={setDashboardId}
          />
          <PasswordInput
            label="Chave secreta de incorporação"
            placeholder={settings.HasSecret ? 'Guardada (deixe em branco para manter)' : ''}
            value={secret}
            onChange={(e) => setSecret(e.currentTarget.value)}
            autoComplete="off"
          />
        </SimpleGrid>
        {save.error && <InlineAlert>{save.error.message}</InlineAlert>}
        <Group justify="flex-end">
          {settings.Configured && (
            <Button
              variant="default"
              color="red"
              leftSection={<IconTrash size={16} aria-hidden />}
              loading={save.isPending}
              onClick={() => save.mutate({ body: { Enabled: false } })}
            >
              Remover BI externo
            </Button>
          )}
          <Button
            type="submit"
            loading={save.isPending}
            leftSection={<IconDeviceFloppy size={16} aria-hidden />}
          >
            Salvar
          </Button>
        </Group>
      </Stack>
    </form>
  );
};

/** Administrators (permission 26): the company's external BI (Metabase static embedding). */
export const ExternalBiSettings = () => {
  const settings = useExternalBiSettings(true);
  return (
    <CollapsibleCard title="BI externo (Metabase)" defaultCollapsed={!settings.data?.Configured}>
      {settings.data ? <Form key={settings.data.UpdatedAt ?? 'none'} settings={settings.data} /> : null}
    </CollapsibleCard>
  );
};
