/** Approval, decided and result cards (panel and approvals view). */
export const cards = {} as const;
