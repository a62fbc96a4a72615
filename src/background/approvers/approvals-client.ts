import { z } from 'zod';
import type { PluginClient } from '../mirror/plugin-client';

/** A person as the plugin names them. */
export const PersonSchema = z.object({ userId: z.string().min(1), displayName: z.string() });

/**
 * G15: a call waiting for a second approver, as the companion plugin's `/approvals` routes
 * answer (docs/server-api.md). Everything in it came from the site or another person: it is
 * validated here and sanitized before it is rendered.
 */
export const ApprovalSchema = z.object({
  id: z.string().min(1).max(100),
  threadId: z.string(),
  tool: z.string(),
  toolLabel: z.string(),
  entityTitle: z.string().nullable(),
  status: z.enum(['waiting', 'approved', 'rejected', 'withdrawn', 'expired']),
  requester: PersonSchema,
  capability: z.string(),
  requiredBy: z.string(),
  payloadHash: z.string(),
  stamp: z.string().nullable(),
  entity: z.object({ type: z.string(), id: z.number().int() }),
  createdAt: z.number(),
  expiresAt: z.number().nullable(),
  decidedBy: PersonSchema.nullable(),
  decidedAt: z.number().nullable(),
  note: z.string().nullable(),
  canDecide: z.boolean(),
  /** Only in answers about one call; checked against the card schema where it is shown. */
  card: z.record(z.string(), z.unknown()).optional(),
  withheld: z.boolean().optional(),
});
export type Approval = z.infer<typeof ApprovalSchema>;

/** Who decided a call, as the requester's card names them; nobody yet: nothing. */
export function decidedByName(approval: Approval): { decidedBy?: string } {
  const by = approval.decidedBy;
  return by ? { decidedBy: by.displayName || `User ${by.userId}` } : {};
}

const ListSchema = z.object({ approvals: z.array(ApprovalSchema), site: z.string() });

/** What the requester's extension sends to offer a call (`POST /approvals`). */
export interface ApprovalOffer {
  id: string;
  threadId: string;
  tool: string;
  payloadHash: string;
  stamp: string | null;
  class: 'live-write' | 'destructive' | null;
  siteRoot: string;
  entity: { type: 'post' | 'settings' | ''; id: number };
  card: unknown;
}

/** What an approver sends to decide (`POST /approvals/{id}/decision`). */
export interface ApprovalDecision {
  approve: boolean;
  payloadHash: string;
  stamp: string | null;
  siteRoot: string;
  note?: string;
}

/** The `/approvals` routes over a signed-in {@link PluginClient}. */
export class ApprovalsClient {
  constructor(private readonly client: PluginClient) {}

  /** `GET /policy`, read with the caller's schema (the approvals part, G15). */
  policy<S extends z.ZodType>(schema: S): Promise<z.infer<S>> {
    return this.client.json('GET', 'policy', schema);
  }

  /** The calls others asked for that this person may decide now. */
  async waiting(): Promise<Approval[]> {
    return (await this.client.json('GET', 'approvals', ListSchema, { query: { scope: 'waiting' } }))
      .approvals;
  }

  /** This person's own offers not yet marked done: where decisions are picked up. */
  async mine(): Promise<Approval[]> {
    return (await this.client.json('GET', 'approvals', ListSchema, { query: { scope: 'mine' } }))
      .approvals;
  }

  /** One call with its card (P7: current values only for a reader of the entity). */
  read(id: string): Promise<Approval> {
    return this.client.json('GET', `approvals/${encodeURIComponent(id)}`, ApprovalSchema);
  }

  /** Offers a call for a second approver; the requester is the signed-in person. */
  offer(offer: ApprovalOffer): Promise<Approval> {
    return this.client.json('POST', 'approvals', ApprovalSchema, { body: offer });
  }

  /** Approves or rejects, bound to the hash and stamp the card showed. */
  decide(id: string, decision: ApprovalDecision): Promise<Approval> {
    const path = `approvals/${encodeURIComponent(id)}/decision`;
    return this.client.json('POST', path, ApprovalSchema, { body: decision });
  }

  /** The requester takes back a call that still waits. */
  withdraw(id: string): Promise<Approval> {
    return this.client.json('POST', `approvals/${encodeURIComponent(id)}/withdraw`, ApprovalSchema);
  }

  /** The requester's extension handled the decision. */
  done(id: string): Promise<Approval> {
    return this.client.json('POST', `approvals/${encodeURIComponent(id)}/done`, ApprovalSchema);
  }
}
