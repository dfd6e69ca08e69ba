import { type ProposalDetail, updateProposal } from '@aval/contracts';
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { api } from '../../../app/api.js';
import { ProposalObservations } from './proposal-observations.js';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

const proposal = (canEdit: boolean) =>
  ({
    UniqueId: '00000000-0000-4000-8000-000000000042',
    Version: 3,
    Permissions: { CanEdit: canEdit },
    Observations: [
      {
        Id: 1,
        Text: 'Edital anexado.',
        IsInternal: false,
        CreatedByName: 'Marina Lopes',
        CreatedAt: '2026-11-20T12:00:00.000Z',
      },
      {
        Id: 2,
        Text: 'Tomador com obra atrasada.',
        IsInternal: true,
        CreatedByName: 'Rafael Moreira',
        CreatedAt: '2026-11-21T12:00:00.000Z',
      },
    ],
  }) as unknown as ProposalDetail;

const wrap = (p: ProposalDetail) =>
  render(
    <MantineProvider>
      <QueryClientProvider client={new QueryClient()}>
        <ProposalObservations p={p} />
      </QueryClientProvider>
    </MantineProvider>,
  );

describe('ProposalObservations', () => {
  it('should list the observations newest first, marking the internal ones', () => {
    wrap(proposal(false));
    const texts = screen.getAllByRole('article').map((a) => a.textContent);
    expect(texts[0]).toContain('Tomador com obra atrasada.');
    expect(texts[0]).toContain('Interna');
    expect(texts[1]).toContain('Marina Lopes');
    expect(texts[1]).not.toContain('Interna');
    expect(screen.queryByLabelText('Nova observação')).toBeNull();
  });

  it('should send a new observation with the version while the proposal can be edited', async () => {
    const call = vi.spyOn(api, 'call').mockResolvedValue({} as never);
    wrap(proposal(true));
    const button = screen.getByRole('button', { name: 'Registrar observação' });
    expect((button as HTMLButtonElement).disabled).toBe(true);
    fireEvent.change(screen.getByLabelText('Nova observação'), { target: { value: '  Segue a ata.  ' } });
    fireEvent.click(button);
    await waitFor(() =>
      expect(call).toHaveBeenCalledWith(updateProposal, {
        body: { UniqueId: '00000000-0000-4000-8000-000000000042', Version: 3, Observation: 'Segue a ata.' },
      }),
    );
  });
});
