import type { PolicyHolderCcg } from '@aval/contracts';
import {
  CcgSignatoryRole,
  type CcgSignatoryRoleId,
  type CcgStatusId,
  ccgStatusLabels,
  formatAddress,
  isInsurance,
  maskCpfCnpj,
  RequestDocumentType,
} from '@aval/domain';
import type { UserContext } from '../../context.js';
import { notFound, unprocessable } from '../../lib/errors.js';
import * as documents from '../documents/index.js';
import * as files from '../files/index.js';
import { insurerForDocuments } from '../parameterisation/index.js';
import * as pep from '../pep/index.js';
import { renderCcgDocument } from './ccg.pdf.js';
import { canEditHolder, getVisible } from './policy-holders.access.js';
import { createCcg, signatoryView } from './policy-holders.ccg.js';
import * as ccgRepo from './policy-holders.ccg.repository.js';
import type { PolicyHolderRow } from './policy-holders.repository.js';
import * as repo from './policy-holders.repository.js';
import { holderAddress } from './policy-holders.service.js';

/**
 * The broker (or the insurer) prepares the holder's CCG where the proposal waits for it: signatories
 * suggested from the QSA, the contract as a PDF to sign, and the "CCG assinado" slot whose file,
 * sent to analysis, opens the ANALISE_CCG card (policy-holders.ccg.ts). domain.md §5.
 */

const SIGNED_CCG_SLOT = {
  Name: 'CCG assinado',
  RequestDocumentTypeId: RequestDocumentType.CCG,
  IsRequired: true,
};
const owner = (holder: PolicyHolderRow) => ({ type: 'policy_holder' as const, id: holder.id });
/** QSA roles that carry the power to sign for the company (the registry's "qualificação"). */
const withPowers = /administrador|diretor|presidente|gerente|titular/i;

/** The QSA's partners as signatories: those with powers to sign, or every partner when none says so. */
const suggestedSignatories = async (ctx: UserContext, holder: PolicyHolderRow) => {
  const qsa = await pep.partnersOf(ctx, 'PolicyHolder', holder.id);
  const powered = qsa.filter((p) => withPowers.test(p.role ?? ''));
  return (powered.length ? powered : qsa).map((p) => ({
    Name: p.name,
    Cpf: maskCpfCnpj(p.cpf),
    RoleId: CcgSignatoryRole.SOCIO_COM_PODERES,
  }));
};

const viewOf = async (ctx: UserContext, holder: PolicyHolderRow): Promise<PolicyHolderCcg> => {
  const ccg = await ccgRepo.findCcg(ctx.db, ctx.company.id, { latestOf: holder.id });
  const signatories = ccg ? await ccgRepo.ccgSignatories(ctx.db, ctx.company.id, ccg.id) : [];
  const docs = (await documents.listDocuments(ctx, owner(holder))).filter(
    (d) => d.RequestDocumentTypeId === RequestDocumentType.CCG,
  );
  return {
    PolicyHolderUniqueId: holder.uniqueId,
    PolicyHolderName: holder.name,
    IgnoreCCGSignature: holder.ignoreCcgSignature,
    Ccg: ccg
      ? {
          UniqueId: ccg.uniqueId,
          StatusId: ccg.statusId,
          StatusName: ccgStatusLabels[ccg.statusId as CcgStatusId] ?? String(ccg.statusId),
          Justification: ccg.justification,
          CreatedAt: ccg.createdAt.toISOString(),
          SignedAt: ccg.signedAt?.toISOString() ?? null,
          Signatories: signatories.map(signatoryView),
        }
      : null,
    SuggestedSignatories: ccg ? [] : await suggestedSignatories(ctx, holder),
    RequestDocuments: docs,
    CanPrepare: !ccg && !holder.ignoreCcgSignature && canEditHolder(ctx),
  };
};

/** GetPolicyHolderCCG. */
export const getHolderCcg = async (ctx: UserContext, policyHolderUniqueId: string) =>
  viewOf(ctx, await getVisible(ctx, policyHolderUniqueId));

/**
 * PreparePolicyHolderCCG: the CCG with its signatories, sent for signature (1 → 2), and the holder's
 * required "CCG assinado" slot. The broker preparing it handles it with the insurer (its brokerage
 * hears of the insurer's notes).
 */
export const prepareCcg = async (
  ctx: UserContext,
  body: {
    PolicyHolderUniqueId: string;
    Signatories: {
      Name: string;
      Cpf: string;
      Email?: string | null;
      RoleId: number;
      Married?: boolean;
      SpouseOfCpf?: string | null;
    }[];
    /** Signed on paper and uploaded (card ANALISE_CCG_MANUAL) instead of electronically. */
    Manual?: boolean;
  },
) => {
  const holder = await getVisible(ctx, body.PolicyHolderUniqueId);
  if (holder.ignoreCcgSignature)
    throw unprocessable('A assinatura do CCG deste tomador está dispensada: não é preciso prepará-lo.');
  if (await ccgRepo.findCcg(ctx.db, ctx.company.id, { signedOf: holder.id }))
    throw unprocessable('O CCG deste tomador já está assinado.');
  const brokerId = isInsurance(ctx.user.userType) ? null : ((await ctx.links()).brokerId ?? null);
  await createCcg(ctx, holder.id, {
    brokerId,
    manual: body.Manual ?? false,
    signatories: body.Signatories.map((s) => ({
      name: s.Name,
      cpf: s.Cpf,
      email: s.Email ?? null,
      roleId: s.RoleId as CcgSignatoryRoleId,
      married: s.Married ?? false,
      spouseOfCpf: s.SpouseOfCpf ?? null,
    })),
  });
  await documents.ensureDefaultDocuments(ctx, owner(holder), [SIGNED_CCG_SLOT]);
  return viewOf(ctx, holder);
};

/** DownloadPolicyHolderCCG: the contract's PDF, rendered on its first download and kept. */
export const downloadCcg = async (ctx: UserContext, ccgUniqueId: string) => {
  const ccg = await ccgRepo.findCcg(ctx.db, ctx.company.id, { uniqueId: ccgUniqueId });
  const found = ccg && (await repo.findById(ctx.db, ctx.company.id, ccg.policyHolderId));
  if (!ccg || !found) throw notFound('CCG não encontrado.');
  const holder = await getVisible(ctx, found.uniqueId);
  let archiveId = ccg.documentArchiveId;
  if (!archiveId) {
    const pdf = await renderCcgDocument({
      insurer: await insurerForDocuments(ctx),
      holder: {
        name: holder.name,
        document: holder.document,
        address: formatAddress(await holderAddress(ctx, holder.id)) || null,
      },
      signatories: await ccgRepo.ccgSignatories(ctx.db, ctx.company.id, ccg.id),
      preparedAt: ccg.createdAt,
      reference: ccg.uniqueId.slice(0, 8).toUpperCase(),
    });
    const stored = await files.storeGeneratedFile(ctx, {
      name: `ccg-${holder.document}.pdf`,
      extension: 'pdf',
      contentType: 'application/pdf',
      data: pdf,
    });
    archiveId = stored.id;
    await ccgRepo.setCcgDocument(ctx.db, ctx.company.id, ccg.id, archiveId);
  }
  return {
    UrlToDownload: await files.getUrlOfCheckedArchive(ctx, archiveId),
    FileName: `ccg-${holder.document}.pdf`,
  };
};
