/** The options page. */
export const options = {} as const;
