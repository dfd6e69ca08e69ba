import {
  type Bank,
  type BrokerView,
  bankAccountTypeLabels,
  maskCep,
  maskCpf,
  updateBrokerBody,
  validateCpf,
  validateEmail,
  validatePhone,
} from '@aval/contracts';
import { Fieldset, Select, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { contractResolver } from '../../../shared/forms/contract-form.js';
import { type AddressDraft, AddressForm } from '../../../shared/ui/address-form.js';
import { CpfInput, EmailInput, PercentInput, PhoneInput } from '../../../shared/ui/fields/masked-fields.js';

export type PersonValue = { Name: string; Cpf: string; Email: string; Phone: string };

/** The form's state: every field as the text the user sees. */
export type BrokerFormValue = {
  Name: string;
  TradeName: string;
  SUSEPProtocol: string;
  Email: string;
  Phone: string;
  ZipCode: string;
  AddressName: string;
  Number: string;
  Complement: string;
  Neighborhood: string;
  StateProvinceId: string | null;
  CityId: string | null;
  BankId: string | null;
  BankAgency: string;
  BankAccount: string;
  BankAccountTypeId: string | null;
  ComissionPercentage: string;
  Admin: PersonValue;
  Officer: PersonValue;
};

export type BrokerFormErrors = Partial<Record<string, string>>;

const emptyPerson: PersonValue = { Name: '', Cpf: '', Email: '', Phone: '' };

export const emptyBrokerForm: BrokerFormValue = {
  Name: '',
  TradeName: '',
  SUSEPProtocol: '',
  Email: '',
  Phone: '',
  ZipCode: '',
  AddressName: '',
  Number: '',
  Complement: '',
  Neighborhood: '',
  StateProvinceId: null,
  CityId: null,
  BankId: null,
  BankAgency: '',
  BankAccount: '',
  BankAccountTypeId: '1',
  ComissionPercentage: '',
  Admin: emptyPerson,
  Officer: emptyPerson,
};

const fromPerson = (p?: BrokerView['ResponsiblePersons'][number]): PersonValue =>
  p ? { Name: p.Name, Cpf: maskCpf(p.Cpf), Email: p.Email, Phone: p.Phone ?? '' } : emptyPerson;

/** Form state of an existing brokerage. */
export const brokerFormOf = (b: BrokerView): BrokerFormValue => ({
  Name: b.Name,
  TradeName: b.TradeName ?? '',
  SUSEPProtocol: b.SUSEPProtocol,
  Email: b.Email,
  Phone: b.Phone ?? '',
  ZipCode: b.ZipCode ? maskCep(b.ZipCode) : '',
  AddressName: b.AddressName ?? '',
  Number: b.Number ?? '',
  Complement: b.Complement ?? '',
  Neighborhood: b.Neighborhood ?? '',
  StateProvinceId: b.StateProvinceId ? String(b.StateProvinceId) : null,
  CityId: b.CityId ? String(b.CityId) : null,
  BankId: b.BankId ? String(b.BankId) : null,
  BankAgency: b.BankAgency ?? '',
  BankAccount: b.BankAccount ?? '',
  BankAccountTypeId: b.BankAccountTypeId ? String(b.BankAccountTypeId) : null,
  ComissionPercentage: b.ComissionPercentage,
  Admin: fromPerson(b.ResponsiblePersons.find((p) => p.ResponsiblePersonTypeId === 1)),
  Officer: fromPerson(b.ResponsiblePersons.find((p) => p.ResponsiblePersonTypeId === 2)),
});

const personBody = (typeId: 1 | 2, p: PersonValue) => ({
  ResponsiblePersonTypeId: typeId,
  Name: p.Name.trim(),
  Cpf: p.Cpf,
  Email: p.Email.trim(),
  Phone: p.Phone || null,
});

/** The API body fields (without UniqueId, Cnpj and Token). */
export const brokerBodyOf = (v: BrokerFormValue, withCommission: boolean) => ({
  Name: v.Name.trim(),
  TradeName: v.TradeName.trim() || null,
  SUSEPProtocol: v.SUSEPProtocol.trim(),
  Email: v.Email.trim(),
  Phone: v.Phone || null,
  ZipCode: v.ZipCode || null,
  AddressName: v.AddressName.trim() || null,
  Number: v.Number.trim() || null,
  Complement: v.Complement.trim() || null,
  Neighborhood: v.Neighborhood.trim() || null,
  StateProvinceId: v.StateProvinceId ? Number(v.StateProvinceId) : null,
  CityId: v.CityId ? Number(v.CityId) : null,
  BankId: v.BankId ? Number(v.BankId) : 0,
  BankAgency: v.BankAgency.trim(),
  BankAccount: v.BankAccount.trim(),
  BankAccountTypeId: v.BankAccountTypeId ? Number(v.BankAccountTypeId) : 0,
  ...(withCommission && v.ComissionPercentage ? { ComissionPercentage: v.ComissionPercentage } : {}),
  ResponsiblePersons: [personBody(1, v.Admin), personBody(2, v.Officer)],
});

/** The form's field of a body path: ResponsiblePersons.0 is the administrator, .1 the officer. */
export const brokerFieldOf = (path: string) =>
  path.replace(/^ResponsiblePersons(\.(\d))?/, (_, __, i?: string) => (i === '1' ? 'Officer' : 'Admin'));

/** Server `Fields` of UpdateBroker / InsertBroker renamed to the form's fields. */
export const brokerServerFields = Object.fromEntries(
  ['', '.0', '.1'].flatMap((at) =>
    ['', '.Name', '.Cpf', '.Email', '.Phone'].map((f) => [
      `ResponsiblePersons${at}${f}`,
      brokerFieldOf(`ResponsiblePersons${at}${f}`),
    ]),
  ),
);

const bodySchema = updateBrokerBody.omit({ UniqueId: true });

/** Field errors of the form: the contract's rules, then the Brazilian checks (CPF, e-mail, phone). */
export const validateBrokerForm = (v: BrokerFormValue, withCommission: boolean): BrokerFormErrors => {
  const errors: BrokerFormErrors = {};
  const byContract = contractResolver(bodySchema, (x: BrokerFormValue) => brokerBodyOf(x, withCommission))(v);
  for (const [path, message] of Object.entries(byContract)) {
    const key = brokerFieldOf(path);
    if (!errors[key]) errors[key] = String(message);
  }
  if (!v.BankId) errors.BankId = 'Escolha o banco.';
  if (!v.BankAccountTypeId) errors.BankAccountTypeId = 'Escolha o tipo de conta.';
  const check = (key: string, message: string | undefined) => {
    if (message && !errors[key]) errors[key] = message;
  };
  check('Email', validateEmail(v.Email));
  if (v.Phone) check('Phone', validatePhone(v.Phone));
  for (const who of ['Admin', 'Officer'] as const) {
    check(`${who}.Cpf`, validateCpf(v[who].Cpf));
    check(`${who}.Email`, validateEmail(v[who].Email));
    if (v[who].Phone) check(`${who}.Phone`, validatePhone(v[who].Phone));
  }
  return errors;
};

export type BrokerFormSection = 'company' | 'address' | 'bank' | 'people';

/** Which section a field error belongs to (steps of the registration wizard). */
export const sectionOfField = (key: string): BrokerFormSection => {
  if (key.startsWith('Admin') || key.startsWith('Officer')) return 'people';
  if (key.startsWith('Bank')) return 'bank';
  if (
    ['ZipCode', 'AddressName', 'Number', 'Complement', 'Neighborhood', 'StateProvinceId', 'CityId'].includes(
      key,
    )
  )
    return 'address';
  return 'company';
};

const allSections: BrokerFormSection[] = ['company', 'address', 'bank', 'people'];

type Props = {
  /** Sections to show (all by default). */
  sections?: BrokerFormSection[];
  /** The @mantine/form holding the values (validated with `validateBrokerForm`). */
  form: UseFormReturnType<BrokerFormValue>;
  banks: Bank[];
  /** The insurer edits the default commission. */
  withCommission?: boolean;
};

const accountTypes = Object.entries(bankAccountTypeLabels).map(([value, label]) => ({ value, label }));

const PersonFields = ({
  legend,
  who,
  form,
}: {
  legend: string;
  who: 'Admin' | 'Officer';
  form: UseFormReturnType<BrokerFormValue>;
}) => (
  <Fieldset legend={legend} radius="md">
    <SimpleGrid type="container" cols={{ base: 1, '520px': 2 }}>
      <TextInput label="Nome completo" required maxLength={120} {...form.getInputProps(`${who}.Name`)} />
      <CpfInput label="CPF" required {...form.getInputProps(`${who}.Cpf`)} />
      <EmailInput label="E-mail" required {...form.getInputProps(`${who}.Email`)} />
      <PhoneInput label="Telefone" {...form.getInputProps(`${who}.Phone`)} />
    </SimpleGrid>
  </Fieldset>
);

/** Company, address, bank and responsible persons of a brokerage (registration and edit). */
export const BrokerForm = ({ sections = allSections, form, banks, withCommission }: Props) => {
  const show = (section: BrokerFormSection) => sections.includes(section);
  const value = form.getValues();
  const errors = form.errors;
  const set = (patch: Partial<BrokerFormValue>) => form.setValues(patch);
  // The shared AddressForm edits numbers for the selects; this form keeps their text.
  const address: AddressDraft = {
    ZipCode: value.ZipCode,
    AddressName: value.AddressName,
    Number: value.Number,
    Complement: value.Complement,
    Neighborhood: value.Neighborhood,
    StateProvinceId: value.StateProvinceId ? Number(value.StateProvinceId) : undefined,
    CityId: value.CityId ? Number(value.CityId) : undefined,
  };
  const setAddress = (a: AddressDraft) =>
    set({
      ...a,
      StateProvinceId: a.StateProvinceId ? String(a.StateProvinceId) : null,
      CityId: a.CityId ? String(a.CityId) : null,
    });

  return (
    <Stack gap="lg">
      {show('company') && (
        <Fieldset legend="Corretora" radius="md">
          <SimpleGrid type="container" cols={{ base: 1, '520px': 2 }}>
            <TextInput label="Razão social" required maxLength={150} {...form.getInputProps('Name')} />
            <TextInput label="Nome fantasia" maxLength={150} {...form.getInputProps('TradeName')} />
            <TextInput
              label="Registro SUSEP"
              description="Número do registro (ou protocolo) da corretora na SUSEP"
              required
              maxLength={20}
              {...form.getInputProps('SUSEPProtocol')}
            />
            <EmailInput label="E-mail da corretora" required {...form.getInputProps('Email')} />
            <PhoneInput label="Telefone" {...form.getInputProps('Phone')} />
            {withCommission && (
              <PercentInput
                label="Comissão padrão"
                description="Limitada à faixa de cada modalidade"
                {...form.getInputProps('ComissionPercentage')}
              />
            )}
          </SimpleGrid>
        </Fieldset>
      )}

      {show('address') && (
        <Fieldset legend="Endereço" radius="md">
          <AddressForm
            required={false}
            value={address}
            onChange={setAddress}
            errors={{
              ZipCode: errors.ZipCode,
              AddressName: errors.AddressName,
              Number: errors.Number,
              Complement: errors.Complement,
              Neighborhood: errors.Neighborhood,
              StateProvinceId: errors.StateProvinceId,
              CityId: errors.CityId,
            }}
          />
        </Fieldset>
      )}

      {show('bank') && (
        <Fieldset legend="Dados bancários" radius="md">
          <SimpleGrid type="container" cols={{ base: 1, '520px': 2 }}>
            <Select
              label="Banco"
              required
              searchable
              limit={50}
              nothingFoundMessage="Nenhum banco encontrado"
              data={banks.map((b) => ({ value: String(b.Id), label: `${b.Code} - ${b.Name}` }))}
              {...form.getInputProps('BankId')}
            />
            <Select
              label="Tipo de conta"
              required
              data={accountTypes}
              {...form.getInputProps('BankAccountTypeId')}
            />
            <TextInput
              label="Agência"
              description="Sem o dígito, ou com hífen: 1234-5"
              required
              maxLength={7}
              inputMode="numeric"
              {...form.getInputProps('BankAgency')}
            />
            <TextInput
              label="Conta com dígito"
              description="Ex.: 12345-6"
              required
              maxLength={16}
              {...form.getInputProps('BankAccount')}
            />
          </SimpleGrid>
        </Fieldset>
      )}

      {show('people') && (
        <>
          <PersonFields legend="Administrador" who="Admin" form={form} />
          <PersonFields legend="Responsável financeiro" who="Officer" form={form} />
          {(errors.Admin || errors.Officer) && (
            <Text c="red.8" size="sm" role="alert">
              {errors.Admin ?? errors.Officer}
            </Text>
          )}
        </>
      )}
    </Stack>
  );
};
