import { MantineProvider } from '@mantine/core';
import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { LinkSentNotice } from './link-sent-notice.js';
import { PublicHeading } from './public-page.js';

describe('public page parts', () => {
  afterEach(cleanup);

  it('should say what was e-mailed, how long the link lasts and lead back to the login', () => {
    render(
      <MantineProvider>
        <MemoryRouter>
          <PublicHeading id="t" title="Cadastro de corretora">
            Informe o CNPJ.
          </PublicHeading>
          <LinkSentNotice testId="sent" validity="7 dias" extra={<span>Outra ação</span>}>
            Enviamos o link.
          </LinkSentNotice>
        </MemoryRouter>
      </MantineProvider>,
    );
    expect(screen.getByRole('heading', { level: 1, name: 'Cadastro de corretora' }).id).toBe('t');
    expect(screen.getByRole('heading', { level: 1, name: 'Verifique seu e-mail' })).toBeTruthy();
    expect(screen.getByTestId('sent').textContent).toContain('Enviamos o link.');
    expect(
      screen.getByText(
        'O link vale por 7 dias e pode ser usado uma única vez. Confira também a caixa de spam.',
      ),
    ).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Voltar para o login' }).getAttribute('href')).toBe('/login');
    expect(screen.getByText('Outra ação')).toBeTruthy();
  });
});
