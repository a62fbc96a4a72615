/** Words the background worker composes: notifications, notices, card titles. */
export const worker = {} as const;
