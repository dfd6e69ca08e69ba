import {
  createEndorsement,
  type EndorsementPayload,
  formatDate,
  formatMoney,
  type UploadedFile,
  validateEndorsement,
} from '@aval/contracts';
import { todayInBrazil } from '@aval/domain';
import {
  Alert,
  Button,
  Card,
  Checkbox,
  Group,
  Select,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { useState } from 'react';
import { useLocation, useNavigate, useParams } from 'react-router';
import { useContractMutation } from '../../../shared/api/use-contract-mutation.js';
import { DateField, MoneyInput } from '../../../shared/ui/fields/masked-fields.js';
import { EmptyState, LoadingState } from '../../../shared/ui/states.js';
import { UploadField } from '../../../shared/ui/upload-field.js';
import { usePolicyBrief } from '../../policies/api/policies-api.js';
import {
  endorsementKeys,
  useEndorsementReasons,
  useEndorsementTypes,
  useRequiredDocuments,
} from '../api/endorsements-api.js';
import { ChangesTable, PremiumDifferenceTable } from '../components/premium-difference-table.js';

type Errors = { messages?: string[] } | null;

/**
 * /apolices/endossos/alteracao|cancelamento/:policyUniqueId/:typeId: what changes and why, the
 * premium difference and the comparison before filing (ValidateEndorsement), the required
 * documents, then CreateEndorsement and the issuance page.
 */
export const EndorsementRequestPage = () => {
  const { policyUniqueId = '', typeId: typeParam = '1' } = useParams();
  const cancellation = useLocation().pathname.includes('/cancelamento/');
  const typeId = cancellation ? 2 : Number(typeParam) === 2 ? 2 : 1;
  const navigate = useNavigate();
  const brief = usePolicyBrief(policyUniqueId);
  const types = useEndorsementTypes();
  const reasons = useEndorsementReasons(typeId);
  const [reasonId, setReasonId] = useState<string | null>(null);
  const [changes, setChanges] = useState<string[]>([]);
  const [amount, setAmount] = useState('');
  const [endDate, setEndDate] = useState<string | null>(null);
  const [effectiveDate, setEffectiveDate] = useState<string | null>(null);
  const [object, setObject] = useState('');
  const [holderName, setHolderName] = useState('');
  const [insuredName, setInsuredName] = useState('');
  const [files, setFiles] = useState<Record<string, UploadedFile[]>>({});
  const [uploading, setUploading] = useState(0);
  const changeIds = changes.map(Number);
  const required = useRequiredDocuments(typeId, reasonId ? Number(reasonId) : null, changeIds);
  const validate = useContractMutation(validateEndorsement);
  const create = useContractMutation(createEndorsement, {
    invalidate: [endorsementKeys.all],
    success: 'Endosso enviado.',
  });

  if (brief.isPending) return <LoadingState />;
  if (brief.isError || !brief.data)
    return <EmptyState title="Apólice não encontrada" description={brief.error?.message} />;
  const p = brief.data;
  const changeTypes = types.data?.find((t) => t.Id === 1)?.ChangeTypes ?? [];
  const payload = (): EndorsementPayload =>
    ({
      PolicyUniqueId: policyUniqueId,
      EndorsementTypeId: typeId,
      ReasonEndorsementRequestId: Number(reasonId ?? 0),
      EndorsementChangeTypeIds: cancellation ? [] : changeIds,
      EffectiveDate: effectiveDate ?? undefined,
      InsuredAmountValue: changeIds.includes(1) && amount ? amount : undefined,
      EndDate: changeIds.includes(2) && endDate ? endDate : undefined,
      EndorsementObject: changeIds.includes(3) && object ? object : undefined,
      PolicyHolder: changeIds.includes(4) && holderName ? { Name: holderName } : undefined,
      Insured: changeIds.includes(4) && insuredName ? { Name: insuredName } : undefined,
    }) as EndorsementPayload;
  const edited = () => validate.reset();
  const preview = validate.data;
  const errors = (create.error ?? validate.error) as Errors;
  const submit = () =>
    create.mutate(
      {
        body: {
          ...payload(),
          Documents: Object.entries(files)
            .filter(([, list]) => list.length)
            .map(([Name, list]) => ({ Name, ArchiveUniqueIds: list.map((f) => f.uniqueIdentifier) })),
        } as never,
      },
      {
        onSuccess: (e) =>
          navigate(`/apolices/endossos/emissao/${e.ProposalUniqueId}?apolice=${policyUniqueId}`),
      },
    );
  return (
    <Stack>
      <Card withBorder>
        <Title order={2} size="h3">
          {cancellation ? 'Endosso de cancelamento' : 'Endosso de alteração'} · Apólice {p.PolicyNumber}
        </Title>
        <Text size="sm" c="gray.7">
          {p.PolicyHolderName} · {formatDate(p.StartDate)} a {formatDate(p.EndDate)} · IS{' '}
          {formatMoney(p.InsuredAmountValue)} · prêmio {formatMoney(p.InsurancePremium)}
        </Text>
      </Card>
      <Card withBorder>
        <Stack>
          <Select
            label="Motivo"
            required
            data={(reasons.data ?? []).map((r) => ({ value: String(r.Id), label: r.Name }))}
            value={reasonId}
            onChange={(v) => {
              setReasonId(v);
              edited();
            }}
          />
          <DateField
            label="Data de efeito"
            description={`${
              cancellation
                ? 'A partir de quando a garantia cessa.'
                : 'A partir de quando a alteração vale; o prêmio é proporcional aos dias desde ela.'
            } Vazio: ${p.StartDate.slice(0, 10) > todayInBrazil() ? `o início da vigência (${formatDate(p.StartDate)})` : 'hoje'}.`}
            value={effectiveDate}
            onChange={(v) => {
              setEffectiveDate(v as string | null);
              edited();
            }}
          />
          {!cancellation && (
            <>
              <Checkbox.Group
                label="O que muda"
                value={changes}
                onChange={(v) => {
                  setChanges(v);
                  edited();
                }}
              >
                <Group mt="xs">
                  {changeTypes.map((c) => (
                    <Checkbox key={c.Id} value={String(c.Id)} label={c.Name} />
                  ))}
                </Group>
              </Checkbox.Group>
              <SimpleGrid cols={{ base: 1, sm: 2 }}>
                {changeIds.includes(1) && (
                  <MoneyInput
                    label="Nova importância segurada"
                    value={amount}
                    onChange={(v) => {
                      setAmount(v);
                      edited();
                    }}
                  />
                )}
                {changeIds.includes(2) && (
                  <DateField
                    label="Novo fim de vigência"
                    value={endDate}
                    onChange={(v) => {
                      setEndDate(v as string | null);
                      edited();
                    }}
                  />
                )}
                {changeIds.includes(4) && (
                  <>
                    <TextInput
                      label="Nome do tomador"
                      placeholder={p.PolicyHolderName}
                      value={holderName}
                      maxLength={200}
                      onChange={(e) => {
                        setHolderName(e.currentTarget.value);
                        edited();
                      }}
                    />
                    {p.InsuredName && (
                      <TextInput
                        label="Nome do segurado"
                        placeholder={p.InsuredName}
                        value={insuredName}
                        maxLength={200}
                        onChange={(e) => {
                          setInsuredName(e.currentTarget.value);
                          edited();
                        }}
                      />
                    )}
                  </>
                )}
              </SimpleGrid>
              {changeIds.includes(3) && (
                <Textarea
                  label="Novo objeto"
                  minRows={3}
                  maxLength={4000}
                  value={object}
                  placeholder={p.ObjectText}
                  onChange={(e) => {
                    setObject(e.currentTarget.value);
                    edited();
                  }}
                />
              )}
            </>
          )}
          <Group justify="flex-end">
            <Button
              variant="default"
              loading={validate.isPending}
              onClick={() => validate.mutate({ body: payload() as never })}
            >
              Calcular diferença de prêmio
            </Button>
          </Group>
        </Stack>
      </Card>
      {errors?.messages?.length ? (
        <Alert color="red" title="Não foi possível continuar">
          {errors.messages.join('\n')}
        </Alert>
      ) : null}
      {preview && (
        <>
          <Card withBorder>
            <Stack>
              <Text fw={600}>Diferença de prêmio</Text>
              <PremiumDifferenceTable d={preview.PremiumDifference} />
              {preview.Changes.length > 0 && (
                <>
                  <Text fw={600}>Alterações</Text>
                  <ChangesTable changes={preview.Changes} />
                </>
              )}
            </Stack>
          </Card>
          <Card withBorder>
            <Stack>
              <Text fw={600}>Documentos</Text>
              {(required.data ?? preview.RequiredDocuments).map((d) => (
                <UploadField
                  key={d.Name}
                  label={`${d.Name}${d.IsRequired ? ' (obrigatório)' : ''}`}
                  onChange={(list, state) => {
                    setFiles((f) => ({ ...f, [d.Name]: list }));
                    setUploading(state.uploading);
                  }}
                />
              ))}
            </Stack>
          </Card>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => navigate(`/apolice/${policyUniqueId}?aba=endossos`)}>
              Voltar
            </Button>
            <Button loading={create.isPending} disabled={uploading > 0} onClick={submit}>
              Enviar endosso
            </Button>
          </Group>
        </>
      )}
    </Stack>
  );
};
