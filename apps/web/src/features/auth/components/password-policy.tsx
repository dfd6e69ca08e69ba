import { validatePassword } from '@aval/contracts';
import { List, Text, ThemeIcon } from '@mantine/core';
import { IconCheck, IconX } from '@tabler/icons-react';

/** Every rule of the password policy (the domain's messages), username rule included. */
export const policyRules = [
  ...new Set([...validatePassword(''), ...validatePassword('usr', { username: 'usr' })]),
].filter((m) => !/no máximo/.test(m));

/** 'A senha deve ter ao menos 8 caracteres.' → 'Ao menos 8 caracteres.' */
export const ruleLabel = (rule: string) => {
  const short = rule.replace(/^A senha (deve ter )?/, '');
  return short.charAt(0).toUpperCase() + short.slice(1);
};

/** The policy as a checklist that follows what is typed (rules from `validatePassword`). */
export const PasswordPolicy = ({ password, username }: { password: string; username?: string }) => {
  const failing = validatePassword(password, { username: username ?? undefined });
  const extra = failing.filter((m) => !policyRules.includes(m));
  const rules = username ? policyRules : policyRules.filter((m) => !/nome de usuário/.test(m));
  return (
    <div>
      <Text size="sm" fw={500} id="password-policy-title">
        A nova senha precisa atender a:
      </Text>
      <List
        spacing={4}
        size="sm"
        mt={6}
        center
        aria-labelledby="password-policy-title"
        data-testid="password-policy"
      >
        {[...rules, ...extra].map((rule) => {
          const ok = password.length > 0 && !failing.includes(rule);
          return (
            <List.Item
              key={rule}
              data-ok={ok}
              icon={
                <ThemeIcon color={ok ? 'green.8' : 'gray.6'} size={18} radius="xl" aria-hidden>
                  {ok ? <IconCheck size={12} /> : <IconX size={12} />}
                </ThemeIcon>
              }
            >
              <Text size="sm" c={ok ? '#1e7a3c' : 'gray.8'} span>
                {ruleLabel(rule)}
              </Text>
              <span className="sr-only" style={srOnly}>
                {ok ? ' (atendido)' : ' (pendente)'}
              </span>
            </List.Item>
          );
        })}
      </List>
    </div>
  );
};

const srOnly = {
  position: 'absolute',
  width: 1,
  height: 1,
  padding: 0,
  margin: -1,
  overflow: 'hidden',
  clip: 'rect(0, 0, 0, 0)',
  whiteSpace: 'nowrap',
  border: 0,
} as const;
