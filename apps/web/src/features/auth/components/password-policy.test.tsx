import { MantineProvider } from '@mantine/core';
import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { PasswordPolicy, policyRules, ruleLabel } from './password-policy.js';

const renderPolicy = (password: string, username?: string) =>
  render(
    <MantineProvider>
      <PasswordPolicy password={password} username={username} />
    </MantineProvider>,
  );

describe('password policy checklist', () => {
  it('should list every rule of the domain policy when nothing is typed', () => {
    expect(policyRules).toHaveLength(6);
    expect(ruleLabel('A senha deve ter ao menos um número.')).toBe('Ao menos um número.');
    expect(ruleLabel('A senha não pode conter o nome de usuário.')).toBe(
      'Não pode conter o nome de usuário.',
    );
  });

  it('should tick only the rules the password meets when it is typed', () => {
    const view = renderPolicy('abc', 'maria@aurora.demo');
    const ok = view.container.querySelectorAll('[data-ok="true"]');
    expect([...ok].map((li) => li.textContent?.replace(' (atendido)', ''))).toEqual([
      'Ao menos uma letra minúscula.',
      'Não pode conter o nome de usuário.',
    ]);
    view.unmount();
  });

  it('should tick every rule when the password is strong', () => {
    const view = renderPolicy('Nova#Senha2026', 'maria@aurora.demo');
    expect(view.container.querySelectorAll('[data-ok="false"]')).toHaveLength(0);
    view.unmount();
  });

  it('should hide the username rule when the username is unknown', () => {
    const view = renderPolicy('');
    expect(view.container.querySelectorAll('li')).toHaveLength(5);
    view.unmount();
  });
});
