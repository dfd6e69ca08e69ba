import { MantineProvider } from '@mantine/core';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { JustifiedAction } from './justified-action.js';

const renderAction = (onConfirm: (j: string | null) => void) =>
  render(
    <MantineProvider>
      <JustifiedAction
        question={
          <>
            Bloquear o tomador <strong>Vale</strong>?
          </>
        }
        confirmLabel="Bloquear"
        busy={false}
        onConfirm={onConfirm}
        onClose={() => undefined}
      />
    </MantineProvider>,
  );

describe('JustifiedAction', () => {
  afterEach(cleanup);

  it('should ask, say the change is recorded and send the trimmed justification', () => {
    const onConfirm = vi.fn();
    renderAction(onConfirm);
    expect(screen.getByText(/A alteração fica registrada no histórico\./).textContent).toBe(
      'Bloquear o tomador Vale? A alteração fica registrada no histórico.',
    );
    fireEvent.change(screen.getByRole('textbox', { name: 'Justificativa' }), {
      target: { value: '  atraso ' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Bloquear' }));
    expect(onConfirm).toHaveBeenCalledWith('atraso');
  });

  it('should send null when no justification was typed', () => {
    const onConfirm = vi.fn();
    renderAction(onConfirm);
    fireEvent.click(screen.getByRole('button', { name: 'Bloquear' }));
    expect(onConfirm).toHaveBeenCalledWith(null);
  });
});
