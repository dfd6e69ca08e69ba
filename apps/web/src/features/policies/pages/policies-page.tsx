import {
  formatDate,
  formatDecimal,
  policyStatusLabels,
  searchPoliciesRelatedToLoggedUser,
} from '@aval/contracts';
import { Checkbox, Group, Select, Stack, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { ExportCsvButton } from '../../../shared/ui/export-csv-button.js';
import {
  DateField,
  DocumentSearchInput,
  documentSearchValue,
} from '../../../shared/ui/fields/masked-fields.js';
import { chipsOf, FilterBar, useListFilters } from '../../../shared/ui/filter-bar.js';
import { policyKeys } from '../api/policies-api.js';
import { PoliciesTable } from '../components/policies-table.js';

type Filters = {
  number: string;
  holder: string;
  holderDocument: string;
  insured: string;
  insuredDocument: string;
  broker: string;
  brokerDocument: string;
  status: string | null;
  start: string | null;
  end: string | null;
  expiring: string | null;
  steppin: boolean;
  monitoring: boolean;
  bigRisk: boolean;
};
const empty: Filters = {
  number: '',
  holder: '',
  holderDocument: '',
  insured: '',
  insuredDocument: '',
  broker: '',
  brokerDocument: '',
  status: null,
  start: null,
  end: null,
  expiring: null,
  steppin: false,
  monitoring: false,
  bigRisk: false,
};

const statusOptions = Object.entries(policyStatusLabels).map(([value, label]) => ({ value, label }));
const expiringOptions = [30, 60, 90].map((d) => ({ value: String(d), label: `Vence em até ${d} dias` }));
const text = (v: string) => v.trim() || undefined;

const toQuery = (f: Filters) => ({
  policyNumber: text(f.number),
  policyHolderName: text(f.holder),
  policyHolderDocument: documentSearchValue(f.holderDocument),
  insuredName: text(f.insured),
  insuredDocument: documentSearchValue(f.insuredDocument),
  brokerName: text(f.broker),
  brokerDocument: documentSearchValue(f.brokerDocument),
  statusId: f.status ? Number(f.status) : undefined,
  startDate: f.start ?? undefined,
  endDate: f.end ?? undefined,
  expiringInDays: f.expiring ? Number(f.expiring) : undefined,
  enableToSteppin: f.steppin ? true : undefined,
  enableToMonitoring: f.monitoring ? true : undefined,
  enableToBigRisk: f.bigRisk ? true : undefined,
});

/** The filters behind "Mais filtros" (the bar opens them when one is in force). */
const moreActive = (f: Filters) =>
  Boolean(
    f.insured ||
      f.insuredDocument ||
      f.broker ||
      f.brokerDocument ||
      f.start ||
      f.end ||
      f.expiring ||
      f.steppin ||
      f.monitoring ||
      f.bigRisk,
  );

/** The filters in force, as chips. */
const activeFilters = (f: Filters) =>
  chipsOf([
    ['number', text(f.number) && `Número: ${f.number.trim()}`],
    ['holder', text(f.holder) && `Tomador: ${f.holder.trim()}`],
    ['holderDocument', f.holderDocument && `CPF/CNPJ do tomador: ${f.holderDocument}`],
    [
      'status',
      f.status && `Situação: ${policyStatusLabels[Number(f.status) as keyof typeof policyStatusLabels]}`,
    ],
    ['insured', text(f.insured) && `Segurado: ${f.insured.trim()}`],
    ['insuredDocument', f.insuredDocument && `CPF/CNPJ do segurado: ${f.insuredDocument}`],
    ['broker', text(f.broker) && `Corretora: ${f.broker.trim()}`],
    ['brokerDocument', f.brokerDocument && `CNPJ da corretora: ${f.brokerDocument}`],
    ['start', f.start && `Início a partir de ${formatDate(f.start)}`],
    ['end', f.end && `Fim até ${formatDate(f.end)}`],
    ['expiring', f.expiring && `Vence em até ${f.expiring} dias`],
    ['steppin', f.steppin && 'Step-in'],
    ['monitoring', f.monitoring && 'Monitoramento'],
    ['bigRisk', f.bigRisk && 'Grande risco'],
  ]);

/** /apolices: policy search with every filter of spec §7, sorting, paging and CSV export. */
export const PoliciesPage = () => {
  // A link may open the list filtered (`?vencendo=30|60|90`, the homes' expiring counts).
  const [params] = useSearchParams();
  const [initial] = useState<Filters>(() => {
    const days = params.get('vencendo');
    return { ...empty, expiring: days && ['30', '60', '90'].includes(days) ? days : null };
  });
  const { field, applied, bar } = useListFilters(empty, initial);
  return (
    <Stack>
      <FilterBar
        label="Filtros de apólices"
        {...bar}
        moreActive={moreActive(applied)}
        active={activeFilters(applied)}
        primary={
          <>
            <TextInput label="Número da apólice" maxLength={25} {...field.text('number')} w={180} />
            <TextInput label="Tomador" maxLength={100} {...field.text('holder')} w={220} />
            <DocumentSearchInput label="CPF/CNPJ do tomador" {...field.value('holderDocument')} w={190} />
            <Select label="Situação" data={statusOptions} {...field.value('status')} clearable w={170} />
          </>
        }
        more={
          <>
            <TextInput label="Segurado" maxLength={100} {...field.text('insured')} w={220} />
            <DocumentSearchInput label="CPF/CNPJ do segurado" {...field.value('insuredDocument')} w={190} />
            <TextInput label="Corretora" maxLength={100} {...field.text('broker')} w={220} />
            <DocumentSearchInput label="CNPJ da corretora" {...field.value('brokerDocument')} w={190} />
            <DateField label="Início da vigência a partir de" {...field.value('start')} w={200} />
            <DateField label="Fim da vigência até" {...field.value('end')} w={200} />
            <Select label="A vencer" data={expiringOptions} {...field.value('expiring')} clearable w={200} />
            <Group wrap="wrap" pb={6}>
              <Checkbox label="Step-in" {...field.check('steppin')} />
              <Checkbox label="Monitoramento" {...field.check('monitoring')} />
              <Checkbox label="Grande risco" {...field.check('bigRisk')} />
            </Group>
          </>
        }
        actions={
          <ExportCsvButton
            endpoint={searchPoliciesRelatedToLoggedUser}
            query={toQuery(applied)}
            name="apolices"
            columns={[
              { title: 'Número', value: (r) => r.PolicyNumber },
              { title: 'Situação', value: (r) => r.StatusName },
              { title: 'Tomador', value: (r) => r.PolicyHolderName },
              { title: 'CPF/CNPJ do tomador', value: (r) => r.PolicyHolderDocument },
              { title: 'Segurado', value: (r) => r.InsuredName },
              { title: 'CPF/CNPJ do segurado', value: (r) => r.InsuredDocument },
              { title: 'Corretora', value: (r) => r.BrokerName },
              { title: 'Modalidade', value: (r) => r.ModalityName },
              { title: 'Início da vigência', value: (r) => formatDate(r.StartDate) },
              { title: 'Fim da vigência', value: (r) => formatDate(r.EndDate) },
              { title: 'Importância segurada', value: (r) => formatDecimal(r.InsuredAmountValue, 2) },
              { title: 'Prêmio', value: (r) => formatDecimal(r.InsurancePremium, 2) },
            ]}
          />
        }
      />
      <PoliciesTable
        endpoint={searchPoliciesRelatedToLoggedUser}
        queryKey={policyKeys.list()}
        query={toQuery(applied)}
      />
    </Stack>
  );
};
