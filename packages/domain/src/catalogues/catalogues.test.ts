import { describe, expect, it } from 'vitest';
import {
  allCardTypes,
  CARD_WITHOUT_VIEW_MESSAGE,
  cardDetailTitle,
  cardDetailTitles,
  isCardType,
} from './card-types.js';
import { allCcgStatusIds, CcgStatus, ccgStatusLabels, ccgStatusNames } from './ccg-statuses.js';
import { allDocumentStatusIds, documentStatusLabels } from './document-statuses.js';
import { DYNAMIC_DATE_FORMAT, DynamicInputType, resolveDynamicInputType } from './dynamic-input-types.js';
import {
  EngineExecutionType,
  endorsementValidationOrder,
  engineExecutionTypeLabels,
  proposalValidationOrder,
} from './engine-execution-types.js';
import { insurerCompanyIds, limits, localeDefaults } from './limits.js';
import { uiMessages } from './messages.js';
import {
  allPolicyStatusIds,
  policyStatusColors,
  policyStatusLabels,
  policyStatusNames,
} from './policy-statuses.js';
import {
  CoBrokerCommissionType,
  ContractType,
  ContractualTermType,
  coBrokerCommissionTypeLabels,
  LmiType,
  ProductBranchCode,
  ProposalType,
  ResponsiblePersonType,
  SuretyBranch,
} from './products.js';
import {
  allProposalStatusIds,
  finalProposalStatusIds,
  isProposalStatusId,
  openProposalStatusIds,
  ProposalStatus,
  propertyProposalStatusNames,
  proposalStatusLabel,
  proposalStatusLabels,
  proposalStatusNames,
} from './proposal-statuses.js';
import { RequestDocumentType, requestDocumentTypeLabels } from './request-document-types.js';
import { themeDefaults } from './theme.js';
import { TimelineGroup, TimelineSituation, TimelineStatus, timelineSituationLabels } from './timeline.js';
import { isAdvisor, isBroker, isInsurance, UserType } from './user-types.js';

describe('status catalogues', () => {
  it('should hold the proposal statuses of spec §3 with the property variant of 1', () => {
    expect(allProposalStatusIds).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 97, 98, 99]);
    expect(ProposalStatus.EM_INSPECAO).toBe(9);
    expect(proposalStatusNames[1]).toBe('CotacaoEnviada');
    expect(propertyProposalStatusNames[1]).toBe('Cotacao');
    expect(propertyProposalStatusNames[2]).toBe('EmAnalise');
    expect(proposalStatusLabels[4]).toBe('Aguardando Pagamento de Boleto');
    expect(proposalStatusLabel(2)).toBe('Em análise');
    expect(proposalStatusLabel(1, { property: true })).toBe('Cotação');
    expect(proposalStatusLabel(42)).toBeUndefined();
    expect(isProposalStatusId('2')).toBe(false);
    expect([...openProposalStatusIds, ...finalProposalStatusIds].sort((a, b) => a - b)).toEqual(
      allProposalStatusIds,
    );
  });

  it('should colour policy statuses 1 blue, 2 green and 3 to 5 danger', () => {
    expect(allPolicyStatusIds).toEqual([1, 2, 3, 4, 5]);
    expect(policyStatusColors).toEqual({ 1: 'blue', 2: 'green', 3: 'danger', 4: 'danger', 5: 'danger' });
    expect(policyStatusNames[1]).toBe('AguardandoEmissao');
    expect(policyStatusLabels[4]).toBe('Vencida');
  });

  it('should hold document, CCG and timeline codes', () => {
    expect(allDocumentStatusIds.map((id) => documentStatusLabels[id])).toEqual([
      'Conforme',
      'Pendente',
      'Aguardando Análise',
      'Reprovado',
    ]);
    expect(allCcgStatusIds).toEqual([1, 2, 3, 4, 5, 6]);
    expect(CcgStatus.AGUARDANDO_ANALISE_SEGURADORA).toBe(3);
    expect(ccgStatusNames[5]).toBe('AlteracaoReprovada');
    expect(ccgStatusLabels[6]).toBe('Aguardando Corretor');
    expect(TimelineGroup).toEqual({ COTACAO: 1, PROPOSTA: 2, EMISSAO: 3 });
    expect(TimelineSituation.RESSEGURO).toBe(5);
    expect(timelineSituationLabels[4]).toBe('Subscrição');
    expect(TimelineStatus.CANCELADO).toBe(5);
  });
});

describe('type catalogues', () => {
  it('should hold the product, term, engine, document and person codes of spec §3', () => {
    expect(ContractType).toEqual({ LMI_SINGLE_MULTIPLE_LOCATIONS: 1, SINGLE_LOCATION: 2 });
    expect(Object.values(ProductBranchCode)).toEqual(['NamedRisk', 'RC']);
    expect(Object.values(SuretyBranch)).toEqual(['0775', '0776']);
    expect(Object.values(LmiType)).toEqual([1, 2, 3]);
    expect(Object.values(ProposalType)).toEqual([1, 2, 3]);
    expect(Object.values(ContractualTermType)).toEqual([1, 2, 3, 4, 5]);
    expect(Object.values(EngineExecutionType)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect(engineExecutionTypeLabels[9]).toBe('PEP');
    expect(proposalValidationOrder[0]).toBe(EngineExecutionType.PEP);
    expect(proposalValidationOrder.at(-1)).toBe(EngineExecutionType.REINSURANCE);
    expect(endorsementValidationOrder[0]).toBe(EngineExecutionType.REGISTRATION);
    expect(Object.values(RequestDocumentType)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    expect(requestDocumentTypeLabels[8]).toBe('Solicitação de Limite');
    expect(ResponsiblePersonType).toEqual({ ADMINISTRATOR: 1, FINANCIAL_OFFICER: 2 });
    expect(CoBrokerCommissionType).toEqual({ CO_BROKERAGE: 2, CO_FOR_LABOR: 3 });
    expect(coBrokerCommissionTypeLabels[2]).toBe('Cocorretagem');
  });

  it('should map each of the 18 card types to one of the 8 detail-view titles', () => {
    expect(allCardTypes).toHaveLength(18);
    const titles = new Set(Object.values(cardDetailTitles));
    expect([...titles].sort()).toEqual(
      [
        'Dados da Corretora',
        'Dados da Solicitação de Nomeação',
        'Dados da Solicitação de CCG',
        'Detalhes da Proposta',
        'Dados da Proposta',
        'Dados do Endosso',
        'Dados do Tomador',
        'Revisão de Limite',
      ].sort(),
    );
    expect(cardDetailTitle('REQUEST_LIMIT')).toBe('Revisão de Limite');
    expect(cardDetailTitle('NOMEACAO_TOMADOR')).toBe('Dados da Solicitação de Nomeação');
    expect(cardDetailTitle('ENDOSSO_ALTERACAO')).toBe('Dados do Endosso');
    expect(cardDetailTitle('CORRETORA_PEP')).toBe('Dados da Corretora');
    expect(cardDetailTitle('toString')).toBeUndefined();
    expect(isCardType('NOPE')).toBe(false);
    expect(CARD_WITHOUT_VIEW_MESSAGE).toBe('Erro! Esse card não possui uma visualização formatada.');
  });

  it('should fall back to the text input when the dynamic input type is unknown', () => {
    expect(Object.values(DynamicInputType)).toEqual([
      'TextArea',
      'Date',
      'Money',
      'Number',
      'Select',
      'Text',
      'Repeater',
    ]);
    expect(resolveDynamicInputType('Money')).toBe('Money');
    expect(resolveDynamicInputType('Whatever')).toBe('Text');
    expect(resolveDynamicInputType(undefined)).toBe('Text');
    expect(DYNAMIC_DATE_FORMAT).toBe('dd/MM/yyyy');
  });

  it('should expose the user type helpers of spec §6', () => {
    expect(isBroker(UserType.BROKER)).toBe(true);
    expect(isBroker(UserType.AGENT)).toBe(true);
    expect(isBroker(UserType.ADVISOR)).toBe(false);
    expect(isAdvisor(6)).toBe(true);
    expect(isInsurance(1)).toBe(true);
  });
});

describe('constants of spec §8 and §9', () => {
  it('should hold the theme defaults and limits', () => {
    expect(themeDefaults.colors).toEqual({
      primary: '#0e65a5',
      success: '#28C76F',
      danger: '#EA5455',
      warning: '#FF9F43',
      line: '#ff9f43',
    });
    expect(themeDefaults.fontFamily).toBe('Montserrat');
    expect(Object.values(themeDefaults.breakpoints)).toEqual([576, 768, 992, 1200]);
    expect(limits.textMaxLength).toBe(50);
    expect(limits.starredPagesLimit).toBe(10);
    expect(limits.chunkLoadTimeoutMs).toBe(120_000);
    expect(limits.tokenRefreshReloadMs).toBe(750);
    expect(limits.defaultInstallments).toBe(1);
    expect(insurerCompanyIds).toEqual([54, 325, 159161, 158614]);
    expect(localeDefaults.currencyPrefix).toBe('R$');
  });

  it('should hold the error catalogue messages verbatim', () => {
    expect(uiMessages.requestFailed).toBe('Erro ao tentar executar a solicitação.');
    expect(uiMessages.storageInfoNotFound).toBe('storageInfo not found!');
    expect(uiMessages.tokenRefreshFailureMessage).toBe(
      'Não foi possível autenticar. Você será redirecionado à tela de login',
    );
    expect(uiMessages.errorDefault).toBe(
      'Algo inesperado aconteceu! Por favor contate o administrador do sistema.',
    );
    expect(uiMessages.successDefault).toBe('Operação realizada com sucesso!');
    expect(uiMessages.loadingDefault).toBe('Estamos processando a solicitação.');
    expect(uiMessages.notificationDefault).toBe('Operação executada com sucesso');
    expect(uiMessages.alertDefault).toBe('Verifique se as informações estão corretas!');
  });
});
