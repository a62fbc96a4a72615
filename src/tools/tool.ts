import type { z } from 'zod';
import type { WriteCardData } from './write-card';
import type { ToolResult } from './tool-result';
import type { ArgumentCard } from './argument-card';
import type { SiteToolOriginView } from '../shared/protocols/options-policy-view';

/** T2: what kind of side effect a tool has. */
export type ToolKind = 'read' | 'write' | 'run' | 'send' | 'delete';

/**
 * Facts about the call's target that the gate and `draft()` may use, gathered by the
 * tool's `facts()` before the gate runs (e.g. the entity's current status).
 */
export interface CallFacts {
  entity?: {
    id?: number | string;
    type?: string;
    status?: string;
    authorId?: number;
    modified?: string;
  };
  [key: string]: unknown;
}

/** T2: classification. A tool without one is unclassified and always asks (G2). */
export interface Classification<Input = unknown> {
  kind: ToolKind;
  destructive: boolean;
  /** Which input keys name the entity and which carry its new values. */
  changes?: { entity: string[]; values: string[] };
  /** The input is the entity's whole desired state (G9). */
  whole?: boolean;
  /** Whether the write lands as a draft (visitors see nothing until publishing). */
  draft?: (input: Input, facts: CallFacts) => boolean;
}

/** The signed-in person as the CMS knows them. */
export interface ActingUser {
  id: number;
  name: string;
  roles: string[];
  /** Granted capabilities only; anything absent is false. */
  capabilities: Record<string, boolean>;
  /** The language the person reads (a BCP 47 tag from their CMS profile), when known. */
  language?: string;
  /** They are addressed formally in it (WordPress's `_formal` locales). */
  formal?: true;
}

/** What a tool can reach while it runs: the CMS with the person's own session. */
export interface ToolContext {
  user: ActingUser;
  threadId: string;
  signal?: AbortSignal;
  /** The CMS session; its concrete type belongs to the adapter. */
  cms: unknown;
}

export type AccessResult = { ok: true } | { ok: false; reason: string };

/** G9/G10: what one check of a write answers; a refusal names the fields. */
export type CheckResult = { ok: true } | { ok: false; message: string; fields: string[] };

/** The checks {@link Tool.guard} runs: G9 (the whole state) and G10 (formats). */
export type GuardCheck = 'whole-state' | 'format';

/** G9/G10: what a tool's guard answers; a refusal says which check refused. */
export type GuardResult =
  { ok: true } | { ok: false; check: GuardCheck; message: string; fields: string[] };

export type { ResultDisplay, ResultLink, ToolResult } from './tool-result';

/**
 * What `reconcile()` found about a call whose outcome is unknown (the worker stopped while
 * it ran): it took effect, with the result it had; or it certainly did not.
 */
export type ReconcileResult = { ran: true; result: ToolResult } | { ran: false };

/** What the run loop knew of a call's target when it was approved (S5, G13). */
export interface ReconcileHint {
  /**
   * The target's modified stamp the person approved against (it matched WordPress at the
   * approval). The target unchanged since, without the call's effect, means it never landed.
   */
  targetModified?: string | null;
}

/** T4: one configuration item a call would save or delete. */
export interface ConfigChange {
  key: string;
  current: unknown;
  proposed: unknown;
  deleted?: boolean;
}

/**
 * T1: the contract every tool implements. `Target` is what {@link Tool.readTarget} reads of
 * the call's target once per gate pass, handed to `facts()` and `access()`.
 */
export interface Tool<Schema extends z.ZodType = z.ZodType, Target = unknown> {
  /** snake_case verb_noun, namespaced by adapter, e.g. `wp_update_post`. */
  name: string;
  label: string;
  /** For the model: says when to use the tool. */
  description: string;
  /** For people, on the approval card (C4). */
  cardDescription: string;
  input: Schema;
  classification?: Classification<z.infer<Schema>>;
  /** A sentence shown in the refused-calls report: what access the tool needs (A4). */
  accessHint?: string;
  /**
   * Reads the call's target as the CMS has it now (e.g. the entry, with the account's
   * edit rights checked), once per gate pass: the run loop calls it right before
   * `facts()` and hands the same answer to `facts()` and `access()`, so both judge the same
   * current state and the CMS is asked once. An answer is never kept past its pass: every
   * pass (the gate, the approval, the run after it) reads again. Without it both get
   * undefined. A throw fails the call as `facts()` failing would.
   */
  readTarget?(ctx: ToolContext, input: z.infer<Schema>): Promise<Target>;
  /** Facts for the gate (T2, G13), from the pass's `target` (see `readTarget`). */
  facts?(ctx: ToolContext, input: z.infer<Schema>, target: Target): Promise<CallFacts>;
  /** G5: whether the acting user may make the call, judged on the pass's `target`. */
  access(ctx: ToolContext, input: z.infer<Schema>, target: Target): Promise<AccessResult>;
  /**
   * Runs the call. `target` is the approve pass's read (`readTarget`, the re-read G13 asks
   * for right before the write) when the run loop runs it, so the write reads nothing again;
   * undefined elsewhere (tests, tools), where it reads for itself.
   */
  execute(ctx: ToolContext, input: z.infer<Schema>, target?: Target): Promise<ToolResult>;
  /** P1: what the call would do, from the gate pass's `target` when given, else read now. */
  preview?(ctx: ToolContext, input: z.infer<Schema>, target?: Target): Promise<string[]>;
  mayViewerReadPreview?(viewer: ActingUser, input: z.infer<Schema>): boolean;
  proposeConfig?(ctx: ToolContext, input: z.infer<Schema>): Promise<ConfigChange[]>;
  /**
   * Asks the CMS whether a call that was started, but whose outcome was never recorded,
   * took effect (the worker stopped mid-call). Answer `{ ran: false }` only when certain:
   * the run loop then executes the call once. Without this hook the call is marked failed
   * and the person is told to check; it is never executed twice.
   */
  reconcile?(
    ctx: ToolContext,
    input: z.infer<Schema>,
    hint?: ReconcileHint,
  ): Promise<ReconcileResult>;
  /**
   * C1: what the approval card of a content write shows. Built once, in the gate pass that
   * offers the call, from its `target`, and kept with the pending call (`StoredPreview.card`);
   * read afresh only for a state saved without one.
   */
  card?(ctx: ToolContext, input: z.infer<Schema>, target?: Target): Promise<WriteCardData>;
  /**
   * G9: the entity's current whole state, for a tool classified `whole`: from the gate
   * pass's `target` when the run loop gives it, else read now.
   */
  wholeState?(
    ctx: ToolContext,
    input: z.infer<Schema>,
    target?: Target,
  ): Promise<Record<string, unknown>>;
  /** C3: input keys whose values are media ids (the card names the media). */
  mediaFields?: readonly string[];
  /**
   * G9, G10: the CMS's checks of the call before any card and again before it runs, on
   * the gate pass's `target` (else they read); a refusal names its check and the fields.
   * Without it a call has nothing to check. The CMS adapter's tool definitions attach it.
   */
  guard?(ctx: ToolContext, input: z.infer<Schema>, target?: Target): Promise<GuardResult>;
  /**
   * G10: the fields whose markup the CMS filters, each with its rule in the adapter's own
   * shape (only the adapter that defined the tool reads it, and checks what it reads).
   */
  formatFields?: Readonly<Record<string, unknown>>;
  /**
   * G10: the values a save would hold (a write to an existing entity keeps the others),
   * from the gate pass's `target` when the run loop gives it, else read now.
   */
  formatValues?(
    ctx: ToolContext,
    input: z.infer<Schema>,
    target?: Target,
  ): Promise<Record<string, unknown>>;
  /**
   * E4, U2: a tool only a person's click proposes (Undo, Publish). It is never offered to the model,
   * and a model call to it is refused as unknown; the person's call passes the gate.
   */
  personOnly?: boolean;
  /**
   * E4, U2: for a person-only tool, what the model's next turn is told a call of it that ran
   * did ("The person <personNote>: …"), since the model did not make it.
   */
  personNote?: string;
  /**
   * The JSON Schema the model is offered, for a tool whose input schema comes from outside
   * (a site's ability, bounded before it gets here); `input` still validates every call (T5).
   * Without it the registry converts `input` (STYLE 3).
   */
  modelSchema?: { type: 'object'; [keyword: string]: unknown };
  /** C4: the arguments as the card lists them (titles, descriptions) and notes to read. */
  argumentCard?(input: z.infer<Schema>, ctx: ToolContext): ArgumentCard | Promise<ArgumentCard>;
  /** S5: may be sent once more after a worker stopped mid-call (its author claims idempotence). */
  retryOnce?: boolean;
  /** A tool a site added (an ability): what its author claims, and its group, for the rules table. */
  siteOrigin?: SiteToolOrigin;
}

/** Where a site tool's class came from: its author's annotations (`{}`: none) and its category. */
export type SiteToolOrigin = SiteToolOriginView;

export type { ArgumentCard, ArgumentCardEntry } from './argument-card';

/** A tool with its input and target types erased, as the registry holds it. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyTool = Tool<any, any>;
