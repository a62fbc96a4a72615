/** The approvals view for second approvers. */
export const approvals = {} as const;
