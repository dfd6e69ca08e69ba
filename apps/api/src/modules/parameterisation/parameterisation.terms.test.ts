import { maskCpfCnpj } from '@aval/domain';
import { describe, expect, it } from 'vitest';
import { insurerOf } from '../../test/documents.js';
import {
  admin,
  adminName,
  broker,
  call,
  get,
  modalityId,
  ok,
  other,
  t,
  useParameterisationFixture,
} from '../../test/fixtures/parameterisation.js';

useParameterisationFixture();

describe('contractual terms, clauses and general conditions', () => {
  it('should sanitise the stored text, render its tags and bump the version on a new save', async () => {
    const { id } = await modalityId(54, '0775', 'Licitante');
    const text =
      '<p onclick="alert(1)">Objeto: garantir [VALOR_IS] ([VALOR_IS_EXT]) ao segurado [SEGURADO], tomador [TOMADOR], apólice [NR_APOLICE] e [TAG_DESCONHECIDA].</p><script>alert("x")</script><img src=x onerror=alert(1)><a href="javascript:alert(1)">link</a>';
    const term = await ok('PUT', '/api/Core/InsertContractualTerm', {
      TermType: 3,
      ModalityId: id,
      Text: text,
    });
    expect(term.Text).not.toMatch(/script|onclick|onerror|javascript:|<img/i);
    expect(term.Text).toContain('[VALOR_IS]');
    expect(term.Tags).toEqual(['VALOR_IS', 'VALOR_IS_EXT', 'SEGURADO', 'TOMADOR', 'NR_APOLICE']);
    expect(term.UnknownTags).toEqual(['TAG_DESCONHECIDA']);
    expect(term.PreviewHtml).toContain('R$ 150.000,00');
    expect(term.PreviewHtml).toContain('cento e cinquenta mil reais');
    expect(term.PreviewHtml).toContain('Prefeitura Municipal de Exemplo');
    expect(term.PreviewHtml).toMatch(
      /<span class="tag-missing" style="color:#B3261E">Número da Apólice<\/span>/,
    );
    const version = term.Version;
    const again = await ok('PUT', '/api/Core/InsertContractualTerm', {
      TermType: 3,
      ModalityId: id,
      Text: '<p>Novo objeto para [TOMADOR].</p>',
    });
    expect(again).toMatchObject({ Id: term.Id, Version: version + 1 });
    const objects = await ok(
      'GET',
      `/api/Core/GetModalityObject?ModalityId=${id}&termType=3`,
      undefined,
      broker,
    );
    expect(objects).toHaveLength(1);
    expect(objects[0].Text).toBe('<p>Novo objeto para [TOMADOR].</p>');
    expect(objects[0].PreviewHtml).toBe('<p>Novo objeto para Construtora Exemplo Ltda..</p>');
    const history = await ok('GET', `/api/ModalityChangeHistory/GetModalityChangeHistory?modalityId=${id}`);
    expect(
      history.find(
        (h: { Entity: string; Field: string }) => h.Entity === 'ContractualTerm' && h.Field === 'Text',
      ),
    ).toBeTruthy();
  });

  it('should refuse a term without its modality or coverage, an empty text, and another company', async () => {
    const { id } = await modalityId(54, '0775', 'Licitante');
    expect(
      (await call('PUT', '/api/Core/InsertContractualTerm', admin, { TermType: 2, Text: '<p>x</p>' })).status,
    ).toBe(400);
    expect(
      (
        await call('PUT', '/api/Core/InsertContractualTerm', admin, {
          TermType: 5,
          ModalityId: id,
          Text: '<p>x</p>',
        })
      ).status,
    ).toBe(400);
    expect(
      (
        await call('PUT', '/api/Core/InsertContractualTerm', admin, {
          TermType: 9,
          ModalityId: id,
          Text: '<p>x</p>',
        })
      ).status,
    ).toBe(400);
    const empty = await call('PUT', '/api/Core/InsertContractualTerm', admin, {
      TermType: 2,
      ModalityId: id,
      Text: '<script>x</script><p> </p>',
    });
    expect(empty.status).toBe(400);
    expect(empty.body.Errors).toEqual(['Informe o texto do termo.']);
    expect(
      (
        await call('PUT', '/api/Core/InsertContractualTerm', other, {
          TermType: 2,
          ModalityId: id,
          Text: '<p>x</p>',
        })
      ).status,
    ).toBe(404);
    expect((await get(`/api/Core/GetModalityObject?ModalityId=${id}`, other)).status).toBe(404);
  });

  it('should keep general conditions per branch (public and private) with a real history', async () => {
    const initial = await ok('GET', '/api/Plug/GetGeneralConditions');
    expect(
      initial.map((g: { Branch: { Code: string }; IsPublic: boolean }) => [g.Branch.Code, g.IsPublic]),
    ).toEqual([
      ['0775', true],
      ['0776', false],
    ]);
    expect(initial[0].Term.Text).toContain('Circular SUSEP');
    // The insurer's own tags are filled with its data, the same CNPJ its policies print.
    const cnpj = maskCpfCnpj((await insurerOf(t)).cnpj);
    expect(initial[0].Term.Text).toContain('[CNPJ_SEGURADORA]');
    expect(initial[0].Term.PreviewHtml).toContain(`CNPJ ${cnpj}`);
    expect(initial[0].Term.PreviewHtml).not.toContain('tag-missing');
    const branch = initial[1].Branch.Id;
    await ok('PUT', '/api/Core/InsertContractualTerm', {
      TermType: 1,
      BranchId: branch,
      Text: '<p>Condições gerais revisadas para [SEGURADORA].</p>',
    });
    const after = await ok('GET', `/api/Plug/GetGeneralConditions?branchId=${branch}`);
    expect(after).toHaveLength(1);
    expect(after[0].Term.PreviewHtml).toContain('Aurora Seguros Garantia');
    expect(after[0].Term.Version).toBe(2);
    expect(after[0].History[0]).toMatchObject({
      Field: 'Text',
      FieldLabel: 'Texto',
      ChangedByName: adminName,
    });
    const theirs = await ok('GET', '/api/Plug/GetGeneralConditions', undefined, other);
    expect(theirs[1].Term.Text).not.toContain('revisadas');
    expect(theirs[1].History).toEqual([]);
    expect((await get('/api/Plug/GetGeneralConditions', broker)).status).toBe(403);
  });

  it('should insert, update and change the status of particular clauses', async () => {
    const { id } = await modalityId(54, '0775', 'Aduaneiro');
    const clause = await ok('POST', '/api/Core/InsertParticularClause', {
      ModalityId: id,
      Title: 'Cláusula de Prazo',
      Text: '<p>Vigência de [INI_VIGENCIA] a [FIM_VIGENCIA] para [TOMADOR]<iframe src="x"></iframe></p>',
    });
    expect(clause.Text).toBe('<p>Vigência de [INI_VIGENCIA] a [FIM_VIGENCIA] para [TOMADOR]</p>');
    expect(clause.PreviewHtml).toBe(
      '<p>Vigência de 01/01/2026 a 31/12/2026 para Construtora Exemplo Ltda.</p>',
    );
    const updated = await ok('PUT', '/api/Core/UpdateParticularClause', {
      Id: clause.Id,
      Title: 'Cláusula de Vigência',
    });
    expect(updated).toMatchObject({ Title: 'Cláusula de Vigência', Text: clause.Text });
    const off = await ok('PUT', '/api/Core/UpdateStatusParticularClause', { Id: clause.Id, IsActive: false });
    expect(off.IsActive).toBe(false);
    const forBroker = await ok(
      'GET',
      `/api/Core/GetParticularDetailClauses?modalityid=${id}`,
      undefined,
      broker,
    );
    expect(forBroker.find((c: { Id: number }) => c.Id === clause.Id)).toBeUndefined();
    const forAdmin = await ok(
      'GET',
      `/api/Core/GetParticularDetailClauses?modalityid=${id}&includeInactive=true`,
    );
    expect(forAdmin.find((c: { Id: number }) => c.Id === clause.Id)).toMatchObject({ IsActive: false });
    const history = await ok('GET', `/api/ModalityChangeHistory/GetModalityChangeHistory?modalityId=${id}`);
    const entries = history.filter((h: { Entity: string }) => h.Entity === 'ParticularClause');
    expect(entries.map((h: { Field: string }) => h.Field).sort()).toEqual(['Created', 'IsActive', 'Title']);
    expect(
      (await call('PUT', '/api/Core/UpdateStatusParticularClause', other, { Id: clause.Id, IsActive: true }))
        .status,
    ).toBe(404);
    expect(
      (await call('PUT', '/api/Core/UpdateStatusParticularClause', admin, { Id: clause.Id })).status,
    ).toBe(400);
    expect((await get(`/api/Core/GetParticularDetailClauses?modalityid=${id}`, other)).status).toBe(404);
  });
});
