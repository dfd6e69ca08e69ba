import { MantineProvider } from '@mantine/core';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { WizardStepper } from './wizard-stepper.js';

const steps = [
  { label: 'Modalidade e tomador', fields: [] },
  { label: 'Segurado e objeto', fields: ['InsuredId'] },
  { label: 'Beneficiários e local', fields: [] },
  { label: 'Coberturas e cláusulas', fields: [] },
  { label: 'Preço', fields: ['InsurancePremium'] },
];

/** A phone: every `(max-width: …)` query matches. */
const phone = () =>
  vi.spyOn(window, 'matchMedia').mockImplementation(
    (query: string) =>
      ({
        matches: query.includes('max-width'),
        media: query,
        addEventListener: () => undefined,
        removeEventListener: () => undefined,
        addListener: () => undefined,
        removeListener: () => undefined,
      }) as unknown as MediaQueryList,
  );

describe('wizard stepper on a phone', () => {
  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
  });

  it('should show "Etapa n de N", the progress, the pending steps and jump only to reachable steps', async () => {
    phone();
    const go = vi.fn();
    render(
      <MantineProvider>
        <WizardStepper
          steps={steps}
          active={2}
          errors={new Set([1, 4])}
          onStepClick={go}
          firstSelectable={1}
          aria-label="Etapas da cotação"
        />
      </MantineProvider>,
    );
    expect(await screen.findByText('Etapa 3 de 5 · Beneficiários e local')).toBeTruthy();
    // The long list of steps is gone; the progress bar and the pending steps stay.
    expect(screen.queryByText('Coberturas e cláusulas')).toBeNull();
    expect(screen.getByRole('progressbar', { name: 'Etapa 3 de 5' })).toBeTruthy();
    expect(screen.getByText('Etapas pendentes: 2. Segurado e objeto, 5. Preço')).toBeTruthy();
    const select = screen
      .getAllByLabelText(/^Ir para a etapa/)
      .find((e) => e.tagName === 'INPUT') as HTMLInputElement;
    expect(select.value).toBe('3. Beneficiários e local');
    fireEvent.click(select);
    const first = await screen.findByRole('option', { name: '1. Modalidade e tomador', hidden: true });
    expect(first.getAttribute('data-combobox-disabled')).toBe('true');
    fireEvent.click(screen.getByRole('option', { name: '2. Segurado e objeto · Pendente', hidden: true }));
    expect(go).toHaveBeenCalledWith(1);
  });

  it('should mark the current step pending and keep the full stepper on a wide screen', async () => {
    phone();
    const { unmount } = render(
      <MantineProvider>
        <WizardStepper steps={steps} active={4} errors={new Set([4])} aria-label="Etapas" />
      </MantineProvider>,
    );
    expect(await screen.findByText('Etapa 5 de 5 · Preço')).toBeTruthy();
    expect(screen.getByText('Pendente')).toBeTruthy();
    // Without onStepClick (a new quote) there is nothing to jump to.
    expect(screen.queryByLabelText(/^Ir para a etapa/)).toBeNull();
    unmount();
    vi.restoreAllMocks();
    render(
      <MantineProvider>
        <WizardStepper steps={steps} active={4} errors={new Set([4])} aria-label="Etapas" />
      </MantineProvider>,
    );
    expect(screen.getByText('Coberturas e cláusulas')).toBeTruthy();
    expect(screen.queryByText(/^Etapa 5 de 5/)).toBeNull();
  });
});
