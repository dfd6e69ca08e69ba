import { formatMoney } from '@aval/contracts';
import { Button, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { useState } from 'react';
import { AppTooltip } from '../../../shared/ui/app-tooltip.js';
import { CollapsibleCard } from '../../../shared/ui/collapsible-card.js';
import { openSuccess } from '../../../shared/ui/feedback-modals.js';
import {
  CepInput,
  CpfCnpjInput,
  DateField,
  MoneyInput,
  PercentInput,
  PhoneInput,
} from '../../../shared/ui/fields/masked-fields.js';
import { notifySuccess } from '../../../shared/ui/notify.js';
import { Popup } from '../../../shared/ui/popup.js';
import { RichTextEditor } from '../../../shared/ui/rich-text-editor.js';
import { SafeHtml } from '../../../shared/ui/safe-html.js';

const initialText =
  '<h2>Contrato de prestação de serviços</h2><p>As partes abaixo qualificadas celebram o presente contrato.</p>';

/**
 * /contrato (administrator rule): draft of a contract with the party's data and the text, on the
 * kit's fields (masks and spec §5 messages), rich-text editor with sanitised preview and popups.
 */
export const ContractPage = () => {
  const [doc, setDoc] = useState('');
  const [phone, setPhone] = useState('');
  const [cep, setCep] = useState('');
  const [amount, setAmount] = useState('');
  const [rate, setRate] = useState('');
  const [date, setDate] = useState<string | null>(null);
  const [html, setHtml] = useState(initialText);
  const [preview, setPreview] = useState(false);

  return (
    <Stack gap="lg">
      <CollapsibleCard
        title="Dados da parte"
        actions={
          <AppTooltip label="Os campos seguem as máscaras e validações do portal">
            <IconInfoCircle size={18} aria-label="Sobre os campos" />
          </AppTooltip>
        }
      >
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
          <CpfCnpjInput label="CPF/CNPJ" value={doc} onChange={setDoc} required />
          <PhoneInput label="Telefone" value={phone} onChange={setPhone} />
          <CepInput label="CEP" value={cep} onChange={setCep} />
          <MoneyInput label="Valor do contrato" value={amount} onChange={setAmount} />
          <PercentInput label="Taxa" value={rate} onChange={setRate} />
          <DateField label="Data de assinatura" value={date} onChange={setDate} />
        </SimpleGrid>
      </CollapsibleCard>
      <Card withBorder radius="md" padding="lg">
        <RichTextEditor label="Texto do contrato" value={html} onChange={setHtml} />
        <Group justify="flex-end" mt="md">
          <Button variant="default" onClick={() => setPreview(true)}>
            Pré-visualizar
          </Button>
          <Button
            onClick={() => {
              notifySuccess();
              openSuccess('Rascunho do contrato salvo neste navegador.');
            }}
          >
            Salvar rascunho
          </Button>
        </Group>
      </Card>
      <Popup opened={preview} onClose={() => setPreview(false)} title="Pré-visualização" size="lg">
        <Stack gap="xs" data-testid="contract-preview">
          <Title order={2} size="h5">
            {doc || 'Parte não informada'}
          </Title>
          <Text size="sm">{amount ? formatMoney(amount) : 'Valor não informado'}</Text>
          <SafeHtml html={html} />
        </Stack>
      </Popup>
    </Stack>
  );
};
