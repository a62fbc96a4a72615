import type { AuditStatus } from '../audit';
import type { PolicyMode } from '../gate';
import type { SecondApproverRequirement } from '../gate/approver-policy';
import type { ResultDisplay } from '../tools/tool';
import type { StoredPreview } from './state/run-state-schema';

/** One call of the suspended turn as the card lists it, with its preview (P1). */
export interface OfferedCall {
  recordId: string;
  /** Position in the model reply. */
  position: number;
  tool: string;
  input: unknown;
  /** P1-P3, P6: null when the tool has no preview or the stored one was unusable. */
  preview: StoredPreview | null;
}

/** G6: what the approval card of the pending call is built from. */
export interface ApprovalRequest extends OfferedCall {
  threadId: string;
  label: string;
  /** C4: the card describes the tool with its card description. */
  cardDescription: string;
  payloadHash: string;
  shortHash: string;
  reason: string;
  mode: PolicyMode;
  /** G14: offer "approve, and allow this tool for the rest of the thread". */
  canGrantOnce: boolean;
  /** G15: the gate sent the call to a second approver (from the run state, not the view). */
  secondApprover?: SecondApproverRequirement;
  askedAt: number;
  /** G12: when the admin's expiry marks it expired; null when there is none. */
  expiresAt: number | null;
  /** G13: the target's `modified` the card shows; send it back with the decision. */
  targetModified: string | null;
  /** G13: set when the card was refreshed because the target changed. */
  targetChanged?: {
    before: string | null;
    after: string | null;
    /** The configuration items whose current value changed (configuration writes). */
    settings?: string[];
  };
  /** G6: the later calls of the reply, in order, waiting behind this one. */
  waiting: OfferedCall[];
  /**
   * Issue 36: the fields the person edited (the input is then their version), and the
   * model's proposal of those fields, so the card can show both and offer it back.
   */
  edited?: { fields: string[]; proposed: Record<string, unknown>; dropped: string[] };
  /** Issue 36: the text fields the person may edit on this card (none: no edits offered). */
  editable: string[];
  /** Issue 36 item 3: the fields the person may leave as they are, one by one. */
  droppable: string[];
  /**
   * Issue 36 item 1: the later calls of the reply shown with this one, each with its own
   * card data, to decide at once; and the first later call that could not be, and why.
   */
  batch: BatchMember[];
  batchStop?: { position: number; tool: string; reason: string };
}

/** Issue 36 item 1: a later call of the reply, shown with the pending one. */
export interface BatchMember extends OfferedCall {
  label: string;
  cardDescription: string;
  payloadHash: string;
  shortHash: string;
  reason: string;
  mode: PolicyMode;
  targetModified: string | null;
  /** Destructive or unclassified: never pre-selected. */
  careful: boolean;
}

/** How loud a notice is. */
export type NoticeLevel = 'info' | 'warning' | 'error';

/** R2: what the run streams to the panel, each tagged with its thread. */
export type RunEvent =
  | { type: 'text'; threadId: string; text: string }
  | { type: 'thinking'; threadId: string; text: string }
  | {
      type: 'tool';
      threadId: string;
      recordId: string;
      position: number;
      tool: string;
      input: unknown;
    }
  | {
      type: 'tool_result';
      threadId: string;
      recordId: string;
      position: number;
      tool: string;
      status: AuditStatus;
      /** What the model reads. */
      content: string;
      /** What people read: the tool's summary, or the whole text of a call that did not run. */
      summary: string;
      /** What the panel shows of a call that ran (its entity, links, editor outcome). */
      display?: ResultDisplay;
      isError: boolean;
    }
  | { type: 'approval'; threadId: string; approval: ApprovalRequest }
  | { type: 'notice'; threadId: string; level: NoticeLevel; code: string; message: string }
  | {
      /**
       * After every save of the run state: what the panel keeps of it (trust, the tools
       * granted for the thread, the call that waits), so the view follows the run from
       * events alone and is not pulled again at the end of an operation.
       */
      type: 'state';
      threadId: string;
      untrusted: boolean;
      grants: string[];
      /** The record id of the call waiting for a decision, or null. */
      pending: string | null;
    };

/** Where events go; it must not throw, and the loop does not wait for it. */
export type RunEventSink = (event: RunEvent) => void;
