import { RequestDocumentType } from '@aval/domain';

/** Documents every new brokerage is asked for (type 5, Corretora). */
export const defaultBrokerDocuments = [
  {
    Name: 'Contrato social e última alteração',
    RequestDocumentTypeId: RequestDocumentType.COMPANY,
    IsRequired: true,
  },
  { Name: 'Cartão CNPJ', RequestDocumentTypeId: RequestDocumentType.COMPANY, IsRequired: true },
  {
    Name: 'Certificado de registro SUSEP',
    RequestDocumentTypeId: RequestDocumentType.COMPANY,
    IsRequired: true,
  },
  {
    Name: 'Comprovante da conta bancária',
    RequestDocumentTypeId: RequestDocumentType.COMPANY,
    IsRequired: true,
  },
  {
    Name: 'Documento de identidade do administrador',
    RequestDocumentTypeId: RequestDocumentType.COMPANY,
    IsRequired: true,
  },
  { Name: 'Comprovante de endereço', RequestDocumentTypeId: RequestDocumentType.COMPANY, IsRequired: false },
];
