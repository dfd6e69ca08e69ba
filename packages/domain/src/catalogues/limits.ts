/** Business constants and limits of spec §9. */
export const limits = {
  textMaxLength: 50,
  starredPagesLimit: 10,
  chunkLoadTimeoutMs: 120_000,
  tokenRefreshReloadMs: 750,
  defaultInstallments: 1,
  moneyDecimals: 2,
  percentDecimals: 2,
  rateDecimals: 6,
  popupDefaultSize: 'sm',
  tooltipPosition: 'top',
  tooltipOffsetPx: 4,
  cardCollapsedHeight: '1.5rem',
  cardCollapseAnimationMs: 300,
  pepLookbackYears: 5,
  policyEndNoticeDays: 90,
} as const;

/** The four insurer tenants of spec §9. */
export const insurerCompanyIds = [54, 325, 159161, 158614] as const;
export type InsurerCompanyId = (typeof insurerCompanyIds)[number];

export const localeDefaults = {
  language: 'pt-BR',
  currency: 'BRL',
  currencyPrefix: 'R$',
  editorLanguage: 'pt_br',
} as const;
