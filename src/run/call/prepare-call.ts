import type { ApprovalMode } from '../../audit';
import type { AnyTool, CallFacts, ToolContext } from '../../tools/tool';
import { readTarget } from '../../tools/gate-pass';
import { entryMode, safeHash } from './new-record';
import { errorCode, failureText } from '../model-texts';
import type { RunContext } from '../run-context';
import type { TurnCall } from '../state/run-state-schema';
import { unsafeInputText } from './unsafe-keys';

/**
 * A call that passed validation (T5): its tool, parsed input, facts and payload hash, and
 * what this gate pass read of its target (`Tool.readTarget`), which `checkAccess` hands to
 * `access()`. A prepared call lives for one pass; the next pass prepares the call again.
 */
export interface PreparedCall {
  tool: AnyTool;
  input: unknown;
  facts: CallFacts;
  payloadHash: string;
  ctx: ToolContext;
  target: unknown;
}

/** A call refused before it could run: what the model is told and how it is recorded. */
export interface Refusal {
  kind: 'refused';
  /** `refused` for validation, access, policy and G9/G10; `failed` when a check broke. */
  status: 'refused' | 'failed';
  code: string;
  message: string;
  tool: AnyTool | undefined;
  input: unknown;
  facts?: CallFacts;
  payloadHash: string;
  mode: ApprovalMode;
}

/**
 * T5 then facts(): validates the model's input, reads its target once for this gate pass
 * and gathers facts about it.
 */
export async function prepareCall(
  run: RunContext,
  call: TurnCall,
): Promise<Refusal | { kind: 'ok'; call: PreparedCall }> {
  const known = run.deps.registry.get(call.tool);
  const mode = entryMode(run.deps.policy, call.tool, known);
  const refuse = async (code: string, message: string): Promise<Refusal> => ({
    kind: 'refused',
    status: 'refused',
    code,
    message,
    tool: known,
    input: call.unsafeKey ? null : call.input,
    payloadHash: await safeHash(call.tool, call.unsafeKey ? null : call.input),
    mode,
  });
  if (call.unsafeKey) {
    return refuse('invalid-input', unsafeInputText(call.tool, call.unsafeKey));
  }
  if (known?.personOnly && run.state.turn?.origin !== 'person') {
    // E4: a tool only a person's click proposes does not exist for the model.
    return refuse('unknown-tool', `Unknown tool "${call.tool}".`);
  }
  const valid = run.deps.registry.validate(call.tool, call.input);
  if (!valid.ok) return refuse(known ? 'invalid-input' : 'unknown-tool', valid.error);
  // The hash (WebCrypto, off the main thread) is made while the target is read.
  const hashing = safeHash(valid.tool.name, valid.input);
  const ctx = await run.toolContext();
  try {
    const { tool, input } = valid;
    const target = await readTarget(tool, ctx, input);
    const facts = tool.facts ? await tool.facts(ctx, input, target) : {};
    return { kind: 'ok', call: { tool, input, facts, payloadHash: await hashing, ctx, target } };
  } catch (error) {
    const refusal = await refuse(errorCode(error, 'facts-failed'), failureText(call.tool, error));
    return { ...refusal, status: 'failed', input: valid.input, payloadHash: await hashing };
  }
}

/** A refusal of a prepared call. */
export function refusalOf(
  p: PreparedCall,
  mode: ApprovalMode,
  status: Refusal['status'],
  code: string,
  message: string,
): Refusal {
  const { tool, input, facts, payloadHash } = p;
  return { kind: 'refused', status, code, message, tool, input, facts, payloadHash, mode };
}

/**
 * G5: access as the acting user, judged on the target this pass read (the one the facts
 * came from). Returns null when the call may go on.
 */
export async function checkAccess(p: PreparedCall, mode: ApprovalMode): Promise<Refusal | null> {
  try {
    const access = await p.tool.access(p.ctx, p.input, p.target);
    if (access.ok) return null;
    return refusalOf(p, mode, 'refused', 'access-denied', `Access denied: ${access.reason}`);
  } catch (error) {
    const code = errorCode(error, 'access-failed');
    return refusalOf(p, mode, 'failed', code, failureText(p.tool.name, error));
  }
}

/**
 * G9, G10: the tool's guard (the CMS's checks) before any card and before it runs, on the
 * pass's read of the target; a refusal is coded by its check and names the fields.
 */
export async function checkGuards(p: PreparedCall, mode: ApprovalMode): Promise<Refusal | null> {
  if (!p.tool.guard) return null;
  try {
    const result = await p.tool.guard(p.ctx, p.input, p.target);
    return result.ok ? null : refusalOf(p, mode, 'refused', result.check, result.message);
  } catch (error) {
    return refusalOf(p, mode, 'failed', 'guard-failed', failureText(p.tool.name, error));
  }
}
