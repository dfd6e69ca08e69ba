import type { UpdateBrokerBody } from '@aval/contracts';
import { isBroker, isInsurance, Permission, toDec } from '@aval/domain';
import type { UserContext } from '../../context.js';
import { forbidden } from '../../lib/errors.js';
import * as history from '../change-history/index.js';
import * as users from '../users/index.js';
import { findBroker, resolveBroker } from './brokers.access.js';
import { brokerHistory, peopleText, record } from './brokers.history.js';
import { pct, toView } from './brokers.mapper.js';
import * as repo from './brokers.repository.js';
import { companyValues, responsibleValues, validateCompany } from './brokers.validation.js';

type Registry = Record<keyof ReturnType<typeof companyValues>, unknown>;

/** The registry fields as the change history names them. */
const historyFields = (name: string, v: Registry, commission: unknown): Record<string, unknown> => ({
  Name: name,
  TradeName: v.tradeName,
  SUSEPProtocol: v.susepProtocol,
  Email: v.email,
  Phone: v.phone,
  ZipCode: v.zipCode,
  AddressName: v.addressName,
  Number: v.number,
  Complement: v.complement,
  Neighborhood: v.neighborhood,
  StateProvinceId: v.stateProvinceId,
  CityId: v.cityId,
  BankId: v.bankId,
  BankAgency: v.bankAgency,
  BankAccount: v.bankAccount,
  BankAccountTypeId: v.bankAccountTypeId,
  ComissionPercentage: commission,
});

/**
 * UpdateBroker: the brokerage's registry data and responsible persons, with history; only the
 * insurer changes the commission percentage.
 */
export const updateBroker = async (ctx: UserContext, input: UpdateBrokerBody) => {
  const row = await resolveBroker(ctx, { uniqueId: input.UniqueId });
  const b = row.broker;
  if (isBroker(ctx.user.userType) && !ctx.user.permissions.has(Permission.GERENCIAR_CORRETORA))
    throw forbidden();
  if (isInsurance(ctx.user.userType) && !ctx.user.permissions.has(Permission.GERENCIAR_CORRETORES))
    throw forbidden();
  if (
    input.ComissionPercentage !== undefined &&
    !isInsurance(ctx.user.userType) &&
    !toDec(input.ComissionPercentage).equals(toDec(b.comissionPercentage))
  ) {
    throw forbidden(
      'Somente a seguradora altera o percentual de comissão da corretora.',
      'commission_insurer_only',
    );
  }
  validateCompany(input);
  const values: ReturnType<typeof companyValues> & { comissionPercentage?: string } = {
    ...companyValues(input),
    ...(input.ComissionPercentage !== undefined && isInsurance(ctx.user.userType)
      ? { comissionPercentage: toDec(input.ComissionPercentage).toFixed(6) }
      : {}),
  };
  const oldCommission = pct(b.comissionPercentage);
  const newCommission = values.comissionPercentage ? pct(values.comissionPercentage) : oldCommission;
  const changes = history.diffChanges(
    brokerHistory,
    historyFields(row.name, b, oldCommission),
    historyFields(input.Name.trim(), values, newCommission),
  );

  const oldPeople = await repo.responsiblePersonsOf(ctx.db, ctx.company.id, b.id);
  const newPeople = responsibleValues(input.ResponsiblePersons);
  const oldText = peopleText(oldPeople);
  const newText = peopleText(newPeople);
  if (oldText !== newText) {
    await repo.replaceResponsiblePersons(ctx.db, ctx.company.id, b.id, newPeople);
    changes.push({ field: 'ResponsiblePersons', old: oldText || null, new: newText });
  }
  if (input.Name.trim() !== row.name) await users.renamePerson(ctx, b.personId, input.Name.trim());
  await repo.updateBrokerRow(ctx.db, ctx.company.id, b.id, values);
  await record(ctx, b.id, changes);
  return toView(ctx, (await findBroker(ctx, b.id))!);
};
