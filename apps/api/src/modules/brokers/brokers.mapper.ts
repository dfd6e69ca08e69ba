import {
  type BrokerSummary,
  type BrokerView,
  bankAccountTypeLabels,
  brokerStatusLabels,
} from '@aval/contracts';
import { maskCnpj, responsiblePersonTypeLabels, toDec } from '@aval/domain';
import type { TenantContext } from '../../context.js';
import { getBanks } from '../parameterisation/index.js';
import * as repo from './brokers.repository.js';

export const bankName = (bankId: number | null) => {
  if (bankId === null) return null;
  const bank = getBanks().find((b) => b.Id === bankId);
  return bank ? `${bank.Code} - ${bank.Name}` : null;
};

const statusKey = (b: repo.BrokerRow): BrokerView['StatusKey'] =>
  !b.isActive ? 'inactive' : b.isBlocked ? 'blocked' : b.waitingValidation ? 'pending' : 'active';

/** A brokerage as the views read it: its legal person's name and its pending required documents. */
export type BrokerRecord = repo.BrokerNamed & { pendingDocs: number };

export const pct = (v: string | number) => toDec(v).toFixed(2);

export const toSummary = (row: BrokerRecord, advised: BrokerSummary['AdvisedUsers'] = []): BrokerSummary => {
  const b = row.broker;
  const key = statusKey(b);
  return {
    Id: b.id,
    UniqueId: b.uniqueId,
    Name: row.name,
    TradeName: b.tradeName,
    CpfCnpj: maskCnpj(b.cnpj),
    SUSEPProtocol: b.susepProtocol,
    Email: b.email,
    WaitingValidation: b.waitingValidation,
    HasPendingDocuments: row.pendingDocs > 0,
    HasPendingComplianceValidation: b.hasPendingComplianceValidation,
    IsBlocked: b.isBlocked,
    IsActive: b.isActive,
    StatusKey: key,
    StatusName: brokerStatusLabels[key],
    CreatedAt: b.createdAt.toISOString(),
    AdvisedUsers: advised,
  };
};

export const toView = async (ctx: TenantContext, row: BrokerRecord): Promise<BrokerView> => {
  const b = row.broker;
  const people = await repo.responsiblePersonsOf(ctx.db, ctx.company.id, b.id);
  const { AdvisedUsers: _, ...summary } = toSummary(row);
  return {
    ...summary,
    PersonId: b.personId,
    Phone: b.phone,
    ZipCode: b.zipCode,
    AddressName: b.addressName,
    Number: b.number,
    Complement: b.complement,
    Neighborhood: b.neighborhood,
    StateProvinceId: b.stateProvinceId,
    CityId: b.cityId,
    BankId: b.bankId,
    BankName: bankName(b.bankId),
    BankAgency: b.bankAgency,
    BankAccount: b.bankAccount,
    BankAccountTypeId: b.bankAccountTypeId,
    BankAccountTypeName: b.bankAccountTypeId ? (bankAccountTypeLabels[b.bankAccountTypeId] ?? null) : null,
    ComissionPercentage: pct(b.comissionPercentage),
    ApprovedAt: b.approvedAt?.toISOString() ?? null,
    ResponsiblePersons: people.map((p) => ({
      Id: p.id,
      ResponsiblePersonTypeId: p.typeId,
      ResponsiblePersonTypeName: responsiblePersonTypeLabels[p.typeId as 1 | 2] ?? String(p.typeId),
      Name: p.name,
      Cpf: p.cpf,
      Email: p.email,
      Phone: p.phone,
    })),
  };
};
