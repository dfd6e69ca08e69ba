import { describe, expect, it } from 'vitest';
import { exampleErrors, exampleSteps } from '../../features/portal/pages/stepper-page.js';
import { stepsWithErrors } from './wizard-stepper.js';

describe('wizard stepper kit', () => {
  it('should mark the steps owning a missing field', () => {
    const steps = [
      { label: 'A', fields: ['Name'] },
      { label: 'B', fields: ['Cep', 'Number'] },
      { label: 'C', fields: [] },
    ];
    expect([...stepsWithErrors(steps, ['Number'])]).toEqual([1]);
    expect([...stepsWithErrors(steps, ['Name', 'Cep', 'Other'])]).toEqual([0, 1]);
    expect(stepsWithErrors(steps, []).size).toBe(0);
  });

  it("should validate the /stepper example per step with the portal's messages", () => {
    const empty = { Document: '', Name: '', Cep: '', Number: '', Amount: '', Rate: '' };
    expect(exampleErrors(empty)).toMatchObject({ Document: 'Campo obrigatório', Cep: 'CEP inválido' });
    expect([...stepsWithErrors(exampleSteps, Object.keys(exampleErrors(empty)))]).toEqual([0, 1, 2]);
    const filled = {
      Document: '11.222.333/0001-81',
      Name: 'Construtora Exemplo',
      Cep: '01310-100',
      Number: '100',
      Amount: '1500.00',
      Rate: '2.5',
    };
    expect(exampleErrors(filled)).toEqual({});
    expect(exampleErrors({ ...filled, Document: '11.222.333/0001-80' })).toEqual({
      Document: 'CPF/CNPJ inválido',
    });
  });
});
