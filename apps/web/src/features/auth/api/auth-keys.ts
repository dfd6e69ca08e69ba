/** Query keys of the auth feature. */
export const authKeys = {
  all: ['auth'] as const,
  link: (token: string) => [...authKeys.all, 'link', token] as const,
  advisorBrokers: (search: string) => [...authKeys.all, 'advisor-brokers', search] as const,
};
