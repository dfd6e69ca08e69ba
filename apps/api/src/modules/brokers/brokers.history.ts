import { bankAccountTypeLabels } from '@aval/contracts';
import { responsiblePersonTypeLabels } from '@aval/domain';
import type { TenantContext } from '../../context.js';
import * as history from '../change-history/index.js';
import { bankName } from './brokers.mapper.js';

/** The brokerage as owner of a change history. */
export const brokerHistory = history.historyOwnerType('Broker', 'Corretora', {
  Name: { label: 'Razão social' },
  TradeName: { label: 'Nome fantasia' },
  SUSEPProtocol: { label: 'Registro SUSEP' },
  Email: { label: 'E-mail' },
  Phone: { label: 'Telefone' },
  ZipCode: { label: 'CEP' },
  AddressName: { label: 'Endereço' },
  Number: { label: 'Número' },
  Complement: { label: 'Complemento' },
  Neighborhood: { label: 'Bairro' },
  StateProvinceId: { label: 'Estado' },
  CityId: { label: 'Cidade' },
  BankId: { label: 'Banco', show: (v) => bankName(Number(v)) ?? String(v) },
  BankAgency: { label: 'Agência' },
  BankAccount: { label: 'Conta' },
  BankAccountTypeId: { label: 'Tipo de conta', show: (v) => bankAccountTypeLabels[Number(v)] ?? String(v) },
  ComissionPercentage: { label: 'Percentual de comissão', kind: 'percent' },
  ModalityCommission: { label: 'Comissão por modalidade' },
  ResponsiblePersons: { label: 'Responsáveis' },
  IsBlocked: { label: 'Bloqueio' },
  Registration: { label: 'Cadastro' },
  Documents: { label: 'Documentos' },
});

/** Anonymous callers (a public registration) are recorded as 'Sistema'. */
export const record = (
  ctx: TenantContext & { user?: { userId: number } },
  brokerId: number,
  changes: history.FieldChange[],
) => history.recordChanges(ctx, brokerHistory.of(brokerId), changes);

/** The responsible persons as one line of the change history. */
export const peopleText = (
  list: { typeId: number; name: string; cpf: string; email: string; phone: string | null }[],
) =>
  list
    .map(
      (p) =>
        `${responsiblePersonTypeLabels[p.typeId as 1 | 2]}: ${p.name} (${p.cpf}, ${p.email}${p.phone ? `, ${p.phone}` : ''})`,
    )
    .join('; ');
