import type { ProposalView } from '@aval/contracts';
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { RiskStep } from './risk-step.js';

const property = {
  UniqueId: '00000000-0000-4000-8000-000000000043',
  Version: 2,
  Kind: 'property',
  PolicyHolderName: 'Engenharia Real Ltda.',
  PolicyHolderDocument: '11222333000181',
  PolicyHolderBranch: null,
  PolicyHolderBranches: [],
  InsuredId: null,
  Insured: null,
  ExperienceTypeId: 2,
  StartDate: null,
  EndDate: null,
  InsuredAmountValue: null,
  ProposalObjects: [],
  Obligation: null,
  ProposalTypeId: null,
  CNAERates: [],
  ProductQuote: { ActivitieTypeId: 3 },
} as unknown as ProposalView;

describe('RiskStep', () => {
  afterEach(cleanup);

  it("should offer a property risk's lists in order, each with the proposal's choice", () => {
    render(
      <MantineProvider>
        <QueryClientProvider client={new QueryClient()}>
          <RiskStep proposal={property} onDone={() => undefined} />
        </QueryClientProvider>
      </MantineProvider>,
    );
    const grid = screen.getByLabelText('Riscos patrimoniais');
    const labels = [...grid.querySelectorAll('label')].map((l) => l.textContent);
    const lists = [
      'Tipo de LMI',
      'Tipo de contrato',
      'Tipo de proposta',
      'Tipo de atividade',
      'Tipo de construção',
      'Ocupação do imóvel',
      'Classificação do risco',
      'Experiência do tomador',
    ];
    expect(labels.filter((l) => lists.includes(l ?? ''))).toEqual(lists);
    expect((within(grid).getByLabelText('Tipo de atividade') as HTMLInputElement).value).toBe('Serviços');
    expect((within(grid).getByLabelText('Experiência do tomador') as HTMLInputElement).value).toBe(
      'Renovação',
    );
  });
});
