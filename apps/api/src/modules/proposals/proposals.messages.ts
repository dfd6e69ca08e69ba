import { financialMessages as engineMessages } from '@aval/domain';

/** The pt-BR messages of the proposal use cases (save, clear, quote and send). */
export const messages = {
  productRequired: 'Escolha a modalidade.',
  holderRequired: 'Informe o tomador.',
  versionRequired: 'Informe a versão da proposta que você leu (Version) para alterá-la.',
  notEditable: 'A proposta não pode mais ser alterada neste status.',
  modalityInactive: 'Esta modalidade não está ativa.',
  modalityComplementary: 'Esta modalidade só pode ser contratada como complementar de outra.',
  location: 'Localização inválida: escolha um endereço do segurado.',
  holderBranch: 'Filial inválida: escolha a matriz ou uma filial cadastrada deste tomador.',
  beneficiary: 'Beneficiário não encontrado.',
  beneficiaryPf: 'Esta modalidade não admite beneficiário pessoa física.',
  beneficiaryLocation: 'Endereço inválido: escolha um endereço cadastrado deste beneficiário.',
  qarItem: 'Item do QAR inválido.',
  franchisePercent: 'Informe o percentual e o valor mínimo da franquia.',
  franchiseValue: 'Informe o valor da franquia.',
  franchiseDays: 'Informe os dias de franquia.',
  franchiseRange: 'O valor máximo da franquia não pode ser menor que o valor mínimo.',
  coverage: 'Cobertura inválida para esta modalidade.',
  complementary: 'Modalidade complementar inválida para esta modalidade.',
  clause: 'Cláusula particular inválida para esta modalidade.',
  coBroker: 'Corretor não encontrado.',
  cnae: 'CNAE inválido para esta modalidade.',
  endAfterStart: engineMessages.invalidPeriod,
  quoteIncomplete: 'Complete a cotação antes de concluí-la:',
  sendStatus: 'Só uma cotação (status Cotação) pode ser enviada para análise.',
  clearStatus: 'Só uma cotação (Em Cotação ou Cotação) pode ser limpa.',
  clearNeedsProposal: 'Informe a cotação a limpar (UniqueId e Version).',
  pendingDocuments: (names: string[]) =>
    `Anexe os documentos obrigatórios antes de enviar a proposta para análise: ${names.join(', ')}.`,
} as const;
