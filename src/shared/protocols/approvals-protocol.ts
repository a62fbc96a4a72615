import { z } from 'zod';

/** The site and account a call waits on, as the approvals view names it. */
export const ApprovalTargetSchema = z.object({
  siteRoot: z.string().min(1),
  userId: z.string().min(1),
});

/**
 * G15, S6: what the approvals view (an extension page) asks the background over its
 * `approvals` port. Only extension pages may connect; every request is validated.
 */
export const ApprovalsRequestSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('list') }),
  z.object({ type: z.literal('read'), target: ApprovalTargetSchema, id: z.string().min(1) }),
  z.object({
    type: z.literal('decide'),
    target: ApprovalTargetSchema,
    id: z.string().min(1),
    approve: z.boolean(),
    payloadHash: z.string(),
    stamp: z.string().nullable(),
    note: z.string().max(2000).optional(),
  }),
]);
export type ApprovalsRequest = z.infer<typeof ApprovalsRequestSchema>;

/** A call in the view's list (no card). */
export const ApprovalSummarySchema = z.object({
  target: ApprovalTargetSchema,
  id: z.string(),
  toolLabel: z.string(),
  entityTitle: z.string().nullable(),
  requester: z.string(),
  createdAt: z.number(),
  expiresAt: z.number().nullable(),
});
export type ApprovalSummary = z.infer<typeof ApprovalSummarySchema>;

/** What the background answers on the `approvals` port. */
export const ApprovalsPushSchema = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('list'),
    items: z.array(ApprovalSummarySchema),
    problems: z.array(z.string()),
  }),
  z.object({
    type: z.literal('card'),
    target: ApprovalTargetSchema,
    id: z.string(),
    status: z.string(),
    requester: z.string(),
    decidedBy: z.string().nullable(),
    canDecide: z.boolean(),
    withheld: z.boolean(),
    /** Built into an ApprovalCard by the view, validated there. */
    card: z.unknown(),
    payloadHash: z.string(),
    stamp: z.string().nullable(),
    tool: z.string(),
  }),
  z.object({ type: z.literal('error'), id: z.string().optional(), message: z.string() }),
]);
export type ApprovalsPush = z.infer<typeof ApprovalsPushSchema>;
