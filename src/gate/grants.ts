import { z } from 'zod';

/**
 * G14: "allow this tool for the rest of the thread", given by a person on a card. The
 * run state keeps a thread's grants; revoking one removes it from the list.
 */
export const ThreadGrantSchema = z.strictObject({
  tool: z.string().min(1),
  /** When it was given, in milliseconds since the epoch. */
  grantedAt: z.number().int().nonnegative(),
});
export type ThreadGrant = z.infer<typeof ThreadGrantSchema>;

/** Whether the thread holds a grant for the tool. */
export function hasGrant(grants: readonly ThreadGrant[], toolName: string): boolean {
  return grants.some((grant) => grant.tool === toolName);
}
