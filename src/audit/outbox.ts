import { z } from 'zod';
import type { AuditDb } from './db';

/** A5: one record version waiting to reach the server. Carries ids only, no content. */
export const OutboxEntrySchema = z.object({
  seq: z.number().int().positive(),
  recordId: z.string().min(1),
  version: z.number().int().positive(),
  enqueuedAt: z.number(),
  /** Failed deliveries so far; drives the backoff. */
  attempts: z.number().int().nonnegative(),
  /** Not before this time (epoch ms). */
  nextAttemptAt: z.number(),
});
export type OutboxEntry = z.infer<typeof OutboxEntrySchema>;

/**
 * Queues a record version for the mirror. Call it inside the transaction that wrote the
 * record, so the record and its outbox entry commit or fail together.
 */
export async function enqueueMirror(
  db: AuditDb,
  recordId: string,
  version: number,
  now: number,
): Promise<void> {
  // A record that is already waiting keeps its backoff: a new version must not let a
  // failing record jump the queue ahead of its own retry time.
  const waiting = await db.outbox.where('recordId').equals(recordId).first();
  await db.outbox.add({
    recordId,
    version,
    enqueuedAt: now,
    attempts: waiting?.attempts ?? 0,
    nextAttemptAt: waiting?.nextAttemptAt ?? now,
  });
}
