/** The side panel: composer, thread, tool rows, notices. */
export const panel = {} as const;
