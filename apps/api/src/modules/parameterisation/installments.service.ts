import type {
  ChangeInstallmentParameterBody,
  CreateInstallmentParameterBody,
  InstallmentParameter,
} from '@aval/contracts';
import type { UserContext } from '../../context.js';
import { conflict, notFound } from '../../lib/errors.js';
import * as installmentsRepo from './installments.repository.js';
import { getModalityOr404 } from './modalities.service.js';
import { recordChanges, recordEvent } from './parameterisation.history.js';
import { installmentAuditFields, toInstallmentParameter } from './parameterisation.mapper.js';

const view = async (
  ctx: UserContext,
  row: installmentsRepo.InstallmentRow,
): Promise<InstallmentParameter> => {
  const links = await installmentsRepo.listInstallmentLinks(ctx.db, ctx.company.id, { parameterId: row.id });
  return toInstallmentParameter(
    row,
    links.map((l) => ({ Id: l.link.id, ModalityId: l.link.modalityId, ModalityName: l.modalityName })),
  );
};

const getParameterOr404 = async (ctx: UserContext, id: number) => {
  const row = await installmentsRepo.findInstallmentParameter(ctx.db, ctx.company.id, id);
  if (!row) throw notFound('Parâmetro de parcelamento não encontrado.');
  return row;
};

const sortedUnique = (days: number[]) => [...new Set(days)].sort((a, b) => a - b);

export const getInstallmentParameter = async (ctx: UserContext): Promise<InstallmentParameter[]> => {
  const rows = await installmentsRepo.listInstallmentParameters(ctx.db, ctx.company.id);
  const links = await installmentsRepo.listInstallmentLinks(ctx.db, ctx.company.id, {});
  return rows.map((row) =>
    toInstallmentParameter(
      row,
      links
        .filter((l) => l.link.installmentParameterId === row.id)
        .map((l) => ({ Id: l.link.id, ModalityId: l.link.modalityId, ModalityName: l.modalityName })),
    ),
  );
};

export const createInstallmentParameter = async (
  ctx: UserContext,
  body: CreateInstallmentParameterBody,
): Promise<InstallmentParameter> => {
  if (await installmentsRepo.findInstallmentParameterByCode(ctx.db, ctx.company.id, body.Code))
    throw conflict(`Já existe um parâmetro de parcelamento com o código "${body.Code}".`);
  const created = await installmentsRepo.insertInstallmentParameter(ctx.db, {
    companyId: ctx.company.id,
    code: body.Code,
    name: body.Name,
    minimumInstallmentValue: body.MinimumInstallmentValue,
    maximumInstallments: body.MaximumInstallments,
    gracePeriodsInDays: sortedUnique(body.GracePeriodsInDays),
    paymentMethods: [...new Set(body.PaymentMethods)],
    firstDueDays: body.FirstDueDays,
    isActive: body.IsActive,
  });
  await recordEvent(
    ctx,
    { entity: 'InstallmentParameter', entityId: created.id, modalityId: null },
    'Created',
    `${created.code} - ${created.name}`,
  );
  return view(ctx, created);
};

export const changeInstallmentParameter = async (
  ctx: UserContext,
  body: ChangeInstallmentParameterBody,
): Promise<InstallmentParameter> => {
  const current = await getParameterOr404(ctx, body.Id);
  if (body.Code !== undefined && body.Code !== current.code) {
    const clash = await installmentsRepo.findInstallmentParameterByCode(ctx.db, ctx.company.id, body.Code);
    if (clash) throw conflict(`Já existe um parâmetro de parcelamento com o código "${body.Code}".`);
  }
  const updated = await installmentsRepo.updateInstallmentParameter(ctx.db, ctx.company.id, current.id, {
    code: body.Code,
    name: body.Name,
    minimumInstallmentValue: body.MinimumInstallmentValue,
    maximumInstallments: body.MaximumInstallments,
    gracePeriodsInDays: body.GracePeriodsInDays ? sortedUnique(body.GracePeriodsInDays) : undefined,
    paymentMethods: body.PaymentMethods ? [...new Set(body.PaymentMethods)] : undefined,
    firstDueDays: body.FirstDueDays,
    isActive: body.IsActive,
  });
  await recordChanges(
    ctx,
    { entity: 'InstallmentParameter', entityId: current.id, modalityId: null },
    installmentAuditFields(current),
    installmentAuditFields(updated),
  );
  return view(ctx, updated);
};

export const changeInstallmentModalityParameter = async (
  ctx: UserContext,
  modalityId: number,
  parameterId: number,
): Promise<InstallmentParameter> => {
  const modality = await getModalityOr404(ctx, modalityId);
  const parameter = await getParameterOr404(ctx, parameterId);
  const [previous] = await installmentsRepo.listInstallmentLinks(ctx.db, ctx.company.id, {
    modalityId: modality.id,
  });
  if (previous?.link.installmentParameterId !== parameter.id) {
    const old = previous
      ? await installmentsRepo.findInstallmentParameter(
          ctx.db,
          ctx.company.id,
          previous.link.installmentParameterId,
        )
      : undefined;
    await installmentsRepo.upsertInstallmentLink(ctx.db, ctx.company.id, modality.id, parameter.id);
    await recordChanges(
      ctx,
      { entity: 'InstallmentModalityParameter', entityId: modality.id, modalityId: modality.id },
      { InstallmentParameterId: previous?.link.installmentParameterId ?? null },
      { InstallmentParameterId: parameter.id },
      {
        InstallmentParameterId: {
          old: old ? `${old.code} - ${old.name}` : null,
          new: `${parameter.code} - ${parameter.name}`,
        },
      },
    );
  }
  return view(ctx, parameter);
};

export const deleteInstallmentModalityParameter = async (
  ctx: UserContext,
  modalityId: number,
): Promise<boolean> => {
  const modality = await getModalityOr404(ctx, modalityId);
  const [previous] = await installmentsRepo.listInstallmentLinks(ctx.db, ctx.company.id, {
    modalityId: modality.id,
  });
  if (!previous) throw notFound('A modalidade não tem parâmetro de parcelamento.');
  const old = await installmentsRepo.findInstallmentParameter(
    ctx.db,
    ctx.company.id,
    previous.link.installmentParameterId,
  );
  await installmentsRepo.deleteInstallmentLink(ctx.db, ctx.company.id, modality.id);
  await recordChanges(
    ctx,
    { entity: 'InstallmentModalityParameter', entityId: modality.id, modalityId: modality.id },
    { InstallmentParameterId: previous.link.installmentParameterId },
    { InstallmentParameterId: null },
    { InstallmentParameterId: { old: old ? `${old.code} - ${old.name}` : null, new: null } },
  );
  return true;
};
