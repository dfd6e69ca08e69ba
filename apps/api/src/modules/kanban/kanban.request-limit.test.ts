import {
  filterKanbanPipeSteps,
  getCardRequestLimitInfo,
  getKanbanCardHistory,
  getRequestLimitDocuments,
  kanbanRequestLimitApproveWithValues,
  kanbanRequestLimitChangeStatusRequestDocument,
  navigateKanbanCard,
} from '@aval/contracts';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createPolicyHolder } from '../../test/factories.js';
import {
  admin,
  broker,
  get,
  ok,
  post,
  t,
  uploadFile,
  useBrokersFixture,
} from '../../test/fixtures/brokers.js';
import { demoUser } from '../../test/harness.js';
import { findCard, pipeByToken, searchCards } from '../../test/kanban.js';
import { until } from '../../test/wait.js';
import { parameterisationSettings } from '../parameterisation/parameterisation.table.js';
import { policyHolderNominations } from '../policy-holders/policy-holders.table.js';
import { users } from '../users/users.table.js';

/**
 * The REQUEST_LIMIT card (Revisão de Limite): a broker sending the request-limit documents of a
 * policy holder to analysis opens the card in the credit pipe through the card queue; the analyst
 * reads it (GetCardRequestLimitInfo), reviews its documents and approves (the new limit and rates
 * are applied, with history) or refuses (the justification is kept) by moving the card.
 */
useBrokersFixture();

const P = '/api/PolicyHolder';

const creditPipe = () => pipeByToken(t, 'credito');
const cardOf = (pipeId: number, ref: string) => findCard(t, pipeId, ref);

/**
 * A policy holder the demo broker operates (approved nomination), with one financial statement
 * (the worked example: rating A, limit R$ 15 mi) and a request-limit document the broker filled
 * and sent to analysis. Returns the holder, the document and the opened card.
 */
const brokerAsksForReview = async (name: string) => {
  const holder = await createPolicyHolder(t, { name });
  const [corretor] = await t.database.db
    .select({ brokerId: users.brokerId })
    .from(users)
    .where(and(eq(users.companyId, 54), eq(users.username, demoUser('corretor', 54))));
  await t.database.db
    .insert(policyHolderNominations)
    .values({ companyId: 54, policyHolderId: holder.id, brokerId: corretor!.brokerId!, statusId: 2 });
  await ok(
    await post(
      `${P}/SaveComplementarData`,
      {
        PolicyHolderUniqueId: holder.uniqueId,
        FinancialStatements: [
          {
            Year: 2030,
            Revenue: '50000000',
            Equity: '10000000',
            NetIncome: '4000000',
            Indebtedness: '8000000',
          },
        ],
      },
      admin,
    ),
  );
  const doc = await ok(
    await post(
      `${P}/CreateRequestDocument`,
      {
        PolicyHolderUniqueId: holder.uniqueId,
        Name: 'Balanço 2030',
        RequestDocumentTypeId: 8,
        IsRequired: true,
      },
      admin,
    ),
  );
  await ok(
    await post(
      `${P}/UploadRequestLimitsDocument`,
      {
        PolicyHolderUniqueId: holder.uniqueId,
        RequestDocumentUniqueId: doc.UniqueId,
        ArchiveUniqueIds: [await uploadFile(broker, 'balanco.pdf')],
      },
      broker,
    ),
  );
  await ok(
    await post(
      `${P}/sendRequestToAnalysis`,
      { PolicyHolderUniqueId: holder.uniqueId, RequestDocumentUniqueIds: [doc.UniqueId] },
      broker,
    ),
  );
  const pipe = await creditPipe();
  const card = await until(
    async () =>
      (await searchCards(t, pipe.id, name)).find((c) => c.cardType === 'REQUEST_LIMIT' && !c.closed),
    'the REQUEST_LIMIT card',
  );
  return { holder, doc, card, pipe };
};

describe('REQUEST_LIMIT card (Revisão de Limite)', () => {
  it('should open the card when the broker sends the limit documents and, approved on the board, apply the calculated limit', async () => {
    const { holder, doc, card, pipe } = await brokerAsksForReview('Tomador Revisão Aprovada Ltda.');
    expect(card).toMatchObject({
      cardData: {
        header: 'Tomador Revisão Aprovada Ltda.',
        footer: 'Documentos enviados: Balanço 2030',
      },
      cpfCnpj: holder.document,
      stepId: pipe.steps[0]!.id,
    });

    const info = await t.data(getCardRequestLimitInfo, {
      as: 'analista',
      query: { PolicyHolderUniqueId: card.cardRef },
    });
    expect(info).toMatchObject({
      UniqueId: card.cardRef,
      StatusName: 'Pendente',
      PolicyHolder: { UniqueId: holder.uniqueId, Name: 'Tomador Revisão Aprovada Ltda.' },
      Calculated: { Rating: 'A', Limit: '15000000.00' },
      CalculationMessage: null,
    });
    expect(info.CurrentLimits.Global.Limit).toBe('0.00');
    expect(info.FinancialStatements.map((s) => s.Year)).toEqual([2030]);
    expect(info.RequestDocuments.map((d) => [d.Name, d.StatusName])).toEqual([
      ['Balanço 2030', 'Aguardando Análise'],
    ]);
    // The spec's PolicyHolderUniqueId: the holder's latest request.
    const byHolder = await t.data(getCardRequestLimitInfo, {
      as: 'analista',
      query: { PolicyHolderUniqueId: holder.uniqueId },
    });
    expect(byHolder.UniqueId).toBe(card.cardRef);

    const reviewed = await t.data(kanbanRequestLimitChangeStatusRequestDocument, {
      as: 'admin',
      body: { RequestDocumentUniqueId: doc.UniqueId, Approve: true },
    });
    expect(reviewed.StatusName).toBe('Conforme');

    await t.data(navigateKanbanCard, {
      as: 'admin',
      params: { stepId: card.stepId },
      body: { cardId: card.id, stepToId: pipe.steps.find((s) => s.kind === 'approve')!.id },
    });
    const decided = await until(async () => {
      const i = await t.data(getCardRequestLimitInfo, {
        as: 'analista',
        query: { PolicyHolderUniqueId: card.cardRef },
      });
      return i.StatusName === 'Aprovada' ? i : undefined;
    }, 'the request to be approved');
    expect(decided).toMatchObject({ AppliedLimit: '15000000.00', AppliedRating: 'A' });
    expect(decided.CurrentLimits.Global.Limit).toBe('15000000.00');
    expect(decided.DecidedByName).toBeTruthy();

    // The broker sees the result: the limit and the observation on the holder's limit request.
    const seen = await t.data(getRequestLimitDocuments, {
      as: 'corretor',
      query: { policyHolderUniqueId: holder.uniqueId },
    });
    expect(seen.Observations[0]!.Observation).toMatch(
      /^Revisão de limite aprovada: limite R\$\s15\.000\.000,00, rating A\./,
    );
    await until(
      async () => ((await cardOf(pipe.id, card.cardRef))?.closed ? true : undefined),
      'the card to close',
    );
  });

  it('should keep the justification when the card is refused, and a new request opens a new card', async () => {
    const { holder, doc, card, pipe } = await brokerAsksForReview('Tomador Revisão Recusada Ltda.');
    await t.data(navigateKanbanCard, {
      as: 'admin',
      params: { stepId: card.stepId },
      body: {
        cardId: card.id,
        stepToId: pipe.steps.find((s) => s.kind === 'refuse')!.id,
        justification: 'Balanço sem assinatura do contador.',
      },
    });
    const refused = await until(async () => {
      const i = await t.data(getCardRequestLimitInfo, {
        as: 'analista',
        query: { PolicyHolderUniqueId: card.cardRef },
      });
      return i.StatusName === 'Recusada' ? i : undefined;
    }, 'the request to be refused');
    expect(refused).toMatchObject({
      Justification: 'Balanço sem assinatura do contador.',
      AppliedLimit: null,
    });
    expect(refused.CurrentLimits.Global.Limit).toBe('0.00');
    const seen = await t.data(getRequestLimitDocuments, {
      as: 'corretor',
      query: { policyHolderUniqueId: holder.uniqueId },
    });
    expect(seen.Observations[0]!.Observation).toBe(
      'Revisão de limite recusada: Balanço sem assinatura do contador.',
    );

    // The analyst rejects the document; the broker sends it again: a new request, a new card.
    await t.data(kanbanRequestLimitChangeStatusRequestDocument, {
      as: 'admin',
      body: { RequestDocumentUniqueId: doc.UniqueId, Approve: false, Justification: 'Sem assinatura.' },
    });
    await ok(
      await post(
        `${P}/sendRequestToAnalysis`,
        { PolicyHolderUniqueId: holder.uniqueId, RequestDocumentUniqueIds: [doc.UniqueId] },
        broker,
      ),
    );
    const again = await until(
      async () =>
        (await searchCards(t, pipe.id, 'Tomador Revisão Recusada')).find(
          (c) => !c.closed && c.cardRef !== card.cardRef,
        ),
      'the second REQUEST_LIMIT card',
    );
    const second = await t.data(getCardRequestLimitInfo, {
      as: 'analista',
      query: { PolicyHolderUniqueId: holder.uniqueId },
    });
    expect(second).toMatchObject({ UniqueId: again.cardRef, StatusName: 'Pendente' });
  });

  it('should approve with a limit and a rate typed by the analyst, validated against the modality, with history', async () => {
    const { holder, card, pipe } = await brokerAsksForReview('Tomador Revisão Manual Ltda.');
    const info = await t.data(getCardRequestLimitInfo, {
      as: 'analista',
      query: { PolicyHolderUniqueId: card.cardRef },
    });
    const modalityId = info.Calculated!.Rates[0]!.ModalityId;
    const body = { RequestUniqueId: card.cardRef, Limit: '2.500.000,00', ModalityId: modalityId, Rate: '0' };
    const call = (
      b: Record<string, unknown>,
      as: NonNullable<Parameters<typeof t.call>[1]>['as'] = 'admin',
    ) => t.call(kanbanRequestLimitApproveWithValues, { as, body: b as typeof body });
    expect((await call(body)).errors).toEqual(['Informe uma taxa maior que zero.']);
    expect((await call({ ...body, Rate: '1', Limit: '0' })).errors).toEqual([
      'Informe um limite maior que zero.',
    ]);
    expect((await call({ ...body, Rate: '99' })).errors[0]).toMatch(
      /^A taxa da modalidade .+ deve estar entre/,
    );
    expect((await call({ ...body, Rate: 'abc' })).status).toBe(400);
    expect((await call({ ...body, Rate: '1', ModalityId: 999999 })).status).toBe(422);
    expect((await call({ ...body, Rate: '1' }, { cid: 54, utp: 1, prm: [1] })).status).toBe(403);
    expect((await call({ ...body, Rate: '1' }, 'corretor')).status).toBe(403);
    expect((await call({ ...body, Rate: '1' }, { user: 'admin', company: 325 })).status).toBe(404);

    const rate = info.Calculated!.Rates[0]!.Rate;
    const approved = await t.data(kanbanRequestLimitApproveWithValues, {
      as: 'admin',
      body: { ...body, Rate: rate, Justification: 'Limite reduzido pelo comitê.' },
    });
    expect(approved).toMatchObject({
      StatusName: 'Aprovada',
      AppliedLimit: '2500000.00',
      Justification: 'Limite reduzido pelo comitê.',
    });
    expect(approved.CurrentLimits.Global.Limit).toBe('2500000.00');
    expect(approved.CurrentLimits.Modalities.find((m) => m.ModalityId === modalityId)).toMatchObject({
      Rate: rate,
    });
    expect((await call({ ...body, Rate: rate })).errors).toEqual([
      'Esta solicitação de revisão de limite já foi analisada.',
    ]);
    const seen = await t.data(getRequestLimitDocuments, {
      as: 'corretor',
      query: { policyHolderUniqueId: holder.uniqueId },
    });
    expect(seen.Observations[0]!.Observation).toMatch(
      /^Revisão de limite aprovada: limite R\$\s2\.500\.000,00, taxa .+%/,
    );
    const history = await ok(
      await get(`/api/PolicyHolderChangeHistory/Get?policyHolderId=${holder.uniqueId}`, admin),
    );
    expect(history.map((h: { NewValue: string }) => h.NewValue)).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^R\$\s2\.500\.000,00 \(informado na revisão de limite\)$/),
      ]),
    );
    const closed = await until(async () => {
      const c = await cardOf(pipe.id, card.cardRef);
      return c?.closed ? c : undefined;
    }, 'the card to close');
    expect(closed.stepId).toBe(pipe.steps.find((s) => s.kind === 'approve')!.id);
  });

  describe("the insurer's bound on a typed limit (issue 32 item 7)", () => {
    // The worked example: calculated limit R$ 15 mi, equity R$ 10 mi; by default the bound is the
    // lesser of 3 × 15 mi and 2 × 10 mi: R$ 20.000.000,00.
    const bound =
      'O limite informado (R$ 20.000.000,01) passa do teto de R$ 20.000.000,00: o menor entre 3× o limite calculado (R$ 15.000.000,00) e 2× o patrimônio líquido (R$ 10.000.000,00).';
    const onlyWithPermission =
      'Só um usuário com a permissão "Aprovar limite acima do teto" pode aprová-lo, com justificativa.';

    const reviewOf = async (name: string) => {
      const asked = await brokerAsksForReview(name);
      const info = await t.data(getCardRequestLimitInfo, {
        as: 'analista',
        query: { PolicyHolderUniqueId: asked.card.cardRef },
      });
      const rate = info.Calculated!.Rates[0]!;
      const body = {
        RequestUniqueId: asked.card.cardRef,
        Limit: '20.000.000,01',
        ModalityId: rate.ModalityId,
        Rate: rate.Rate,
      };
      return { ...asked, body };
    };
    type Body = Awaited<ReturnType<typeof reviewOf>>['body'];
    const approve = (body: Record<string, unknown>, as: NonNullable<Parameters<typeof t.call>[1]>['as']) =>
      t.call(kanbanRequestLimitApproveWithValues, { as, body: body as Body });
    const pending = async (ref: string) => {
      const i = await t.data(getCardRequestLimitInfo, {
        as: 'analista',
        query: { PolicyHolderUniqueId: ref },
      });
      return { status: i.StatusName, limit: i.CurrentLimits.Global.Limit };
    };

    it('should accept a typed limit up to the bound from an analyst', async () => {
      const { body } = await reviewOf('Tomador Revisão Teto Dentro Ltda.');
      const approved = await t.data(kanbanRequestLimitApproveWithValues, {
        as: 'analista',
        body: { ...body, Limit: '20.000.000,00' },
      });
      expect(approved).toMatchObject({ StatusName: 'Aprovada', AppliedLimit: '20000000.00' });
    });

    it('should refuse a limit above the bound with 422 naming it, and an analyst may not override it', async () => {
      const { body, card } = await reviewOf('Tomador Revisão Teto Acima Ltda.');
      const above = await approve(body, 'analista');
      expect(above.status).toBe(422);
      expect(above.errors).toEqual([`${bound} ${onlyWithPermission}`]);
      // The analyst's profile lacks permission 48: confirming with a justification changes nothing.
      const confirmed = await approve(
        { ...body, ConfirmAboveBound: true, Justification: 'Garantia real apresentada ao comitê.' },
        'analista',
      );
      expect(confirmed.status).toBe(422);
      expect(confirmed.errors).toEqual([`${bound} ${onlyWithPermission}`]);
      // The absolute bound of every money input stays (400), the business bound below it (422).
      const huge = await approve({ ...body, Limit: '1000000000000000' }, 'admin');
      expect(huge.status).toBe(400);
      expect(huge.errors).toEqual(['O limite não pode passar de R$ 999.999.999.999,99.']);
      const largest = await approve({ ...body, Limit: '999999999999.99' }, 'analista');
      expect(largest.status).toBe(422);
      expect(largest.errors[0]).toMatch(/^O limite informado \(R\$ 999\.999\.999\.999,99\) passa do teto/);
      expect(await pending(card.cardRef)).toEqual({ status: 'Pendente', limit: '0.00' });
    });

    it('should approve above the bound for a user with permission 48 who confirms with a justification, recorded in the history and on the card', async () => {
      const { body, card, pipe, holder } = await reviewOf('Tomador Revisão Teto Exceção Ltda.');
      const needsConfirmation = `${bound} Para aprovar acima do teto, confirme e informe a justificativa (ao menos 10 caracteres).`;
      expect((await approve(body, 'admin')).errors).toEqual([needsConfirmation]);
      expect(
        (await approve({ ...body, ConfirmAboveBound: true, Justification: 'curta' }, 'admin')).errors,
      ).toEqual([needsConfirmation]);
      expect(
        (await approve({ ...body, Justification: 'Garantia real apresentada ao comitê.' }, 'admin')).errors,
      ).toEqual([needsConfirmation]);
      expect(await pending(card.cardRef)).toEqual({ status: 'Pendente', limit: '0.00' });

      const justification = 'Garantia real apresentada ao comitê.';
      const approved = await t.data(kanbanRequestLimitApproveWithValues, {
        as: 'admin',
        body: { ...body, ConfirmAboveBound: true, Justification: justification },
      });
      expect(approved).toMatchObject({ StatusName: 'Aprovada', AppliedLimit: '20000000.01' });
      expect(approved.CurrentLimits.Global.Limit).toBe('20000000.01');

      const override = `Aprovado acima do teto. ${bound} Justificativa: ${justification}`;
      const history = await ok(
        await get(`/api/PolicyHolderChangeHistory/Get?policyHolderId=${holder.uniqueId}`, admin),
      );
      expect(history).toEqual(expect.arrayContaining([expect.objectContaining({ NewValue: override })]));
      // The card's history: the move to 'Aprovado' by the admin, with the override and its reason.
      const closed = await until(async () => {
        const c = await cardOf(pipe.id, card.cardRef);
        return c?.closed ? c : undefined;
      }, 'the card to close');
      const moves = (await t.data(getKanbanCardHistory, { as: 'admin', params: { id: closed.id } })).moves;
      expect(moves.at(-1)).toMatchObject({ toStepName: 'Aprovado', justification: override });
      expect(moves.at(-1)!.userId).not.toBeNull();
    });

    it("should read the multiples from the insurer's parameters", async () => {
      const { body } = await reviewOf('Tomador Revisão Teto Parâmetros Ltda.');
      await t.database.db
        .update(parameterisationSettings)
        .set({ typedLimitCalculatedMultiple: '1', typedLimitEquityMultiple: '5' })
        .where(eq(parameterisationSettings.companyId, 54));
      try {
        const above = await approve({ ...body, Limit: '15.000.000,01' }, 'analista');
        expect(above.errors[0]).toBe(
          'O limite informado (R$ 15.000.000,01) passa do teto de R$ 15.000.000,00: o menor entre 1× o limite calculado (R$ 15.000.000,00) e 5× o patrimônio líquido (R$ 10.000.000,00). ' +
            onlyWithPermission,
        );
      } finally {
        await t.database.db
          .update(parameterisationSettings)
          .set({ typedLimitCalculatedMultiple: '3', typedLimitEquityMultiple: '2' })
          .where(eq(parameterisationSettings.companyId, 54));
      }
    });
  });

  it('should seed demo REQUEST_LIMIT cards whose refs are real pending requests', async () => {
    const pipe = await creditPipe();
    const steps = await t.data(filterKanbanPipeSteps, {
      as: 'analista',
      params: { id: pipe.id },
      query: { cardType: 'REQUEST_LIMIT' },
    });
    const seeded = steps
      .flatMap((s) => s.cards)
      // The registry's reviews (a proposal's REQUEST_LIMIT card, from the demo analysis, is the proposal's).
      .filter((c) => !c.cardData?.header?.startsWith('Tomador Revisão'))
      .filter((c) => !c.cardData?.header?.startsWith('Proposta nº'));
    expect(seeded.length).toBeGreaterThanOrEqual(2);
    for (const card of seeded) {
      const info = await t.data(getCardRequestLimitInfo, {
        as: 'analista',
        query: { PolicyHolderUniqueId: card.cardRef },
      });
      expect(info).toMatchObject({ UniqueId: card.cardRef, StatusName: 'Pendente' });
      expect(info.PolicyHolder.Name).toBe(card.cardData?.header);
    }
  });

  it('should answer 403 to who may not view pipes, 404 to another company and 400 to a malformed ref', async () => {
    const { card, doc } = await brokerAsksForReview('Tomador Revisão Acesso Ltda.');
    const query = { PolicyHolderUniqueId: card.cardRef };
    expect((await t.call(getCardRequestLimitInfo, { as: 'corretor', query })).status).toBe(403);
    expect(
      (await t.call(getCardRequestLimitInfo, { as: { user: 'analista', company: 325 }, query })).status,
    ).toBe(404);
    const bad = await t.call(getCardRequestLimitInfo, {
      as: 'analista',
      query: { PolicyHolderUniqueId: 'x' },
    });
    expect(bad.status).toBe(400);
    expect(bad.errors).toEqual(['Solicitação de revisão de limite inválida.']);

    const body = { RequestDocumentUniqueId: doc.UniqueId, Approve: false };
    expect(
      (await t.call(kanbanRequestLimitChangeStatusRequestDocument, { as: 'corretor', body })).status,
    ).toBe(403);
    expect(
      (
        await t.call(kanbanRequestLimitChangeStatusRequestDocument, {
          as: { user: 'admin', company: 325 },
          body: { ...body, Justification: 'Ilegível.' },
        })
      ).status,
    ).toBe(404);
    const noReason = await t.call(kanbanRequestLimitChangeStatusRequestDocument, { as: 'admin', body });
    expect(noReason.status).toBe(422);
    const rejected = await t.data(kanbanRequestLimitChangeStatusRequestDocument, {
      as: 'admin',
      body: { ...body, Justification: 'Ilegível.' },
    });
    expect(rejected.StatusName).toBe('Reprovado');
  });
});
