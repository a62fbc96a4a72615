import { z } from 'zod';
import type { RunContext } from './run-context';
import type { StepResult } from './step-result';
import {
  TranscriptBlockSchema,
  type ModelEvent,
  type ModelReply,
  type TranscriptBlock,
} from './model-port';
import { findUnsafeKey } from './call/unsafe-keys';
import type { TurnCall } from './state/run-state-schema';
import { t } from '../i18n';
import { offeredDefinitions } from '../tools/tool-offer';

const ReplySchema = z.array(TranscriptBlockSchema);
const TOOL_NAME = /^[a-zA-Z0-9_-]{1,128}$/;

/**
 * Asks the model for the next assistant message and stores it with a new turn holding
 * its tool calls in order, each with a record id chosen now (so a resumed worker reuses
 * it). The reply is model output: checked before use (S1). Returns `run-again` when
 * there are calls to process, `final` when there are none.
 */
export async function modelTurn(run: RunContext): Promise<StepResult> {
  const { deps } = run;
  const request = {
    ...deps.request,
    messages: run.state.transcript,
    // A site with many tools of its own: the ones this thread made relevant (issue 34).
    tools: offeredDefinitions(deps.registry, run.state.transcript),
  };
  const reply: ModelReply = await deps.model.generate(
    request,
    (event) => forward(run, event),
    deps.signal,
  );
  const parsed = ReplySchema.safeParse(reply.content);
  const uses = parsed.data?.filter((block) => block.type === 'tool_use') ?? [];
  // Tool names and ids as the Messages API defines them; anything else cannot be stored,
  // answered or recorded, so the whole reply is refused before any of it runs.
  const wellFormed = uses.every((use) => TOOL_NAME.test(use.name) && use.id.length > 0);
  if (!parsed.success || !wellFormed || new Set(uses.map((use) => use.id)).size !== uses.length) {
    return failed(
      run,
      'model-bad-reply',
      'The model sent a reply Countersign cannot read; nothing from it was run. Try again.',
    );
  }
  const calls: TurnCall[] = [];
  const content = parsed.data.map((block): TranscriptBlock => {
    if (block.type !== 'tool_use') return block;
    const unsafe = findUnsafeKey(block.input);
    const call: TurnCall = {
      position: calls.length,
      toolUseId: block.id,
      tool: block.name,
      input: unsafe ? null : block.input,
      recordId: deps.newId(),
      status: 'waiting',
    };
    if (unsafe) call.unsafeKey = unsafe.key;
    calls.push(call);
    // The Messages API takes back only object inputs; anything else is kept in the call.
    const plain =
      !unsafe &&
      typeof block.input === 'object' &&
      block.input !== null &&
      !Array.isArray(block.input);
    return plain ? block : { ...block, input: {} };
  });
  if (content.length > 0) run.state.transcript.push({ role: 'assistant', content });
  if (calls.length === 0) {
    stopNotice(run, reply.stopReason);
    await run.save();
    return { kind: 'final', state: run.saved, stopReason: reply.stopReason };
  }
  const reasoning = parsed.data
    .flatMap((b) => (b.type === 'thinking' ? [b.thinking] : []))
    .join('\n\n');
  run.state.turn = { id: deps.newId(), startedAt: run.now(), calls, previews: [] };
  if (reasoning) run.state.turn.reasoning = reasoning;
  await run.save();
  return { kind: 'run-again', state: run.saved };
}

/** R2: streams the model's text and thinking to the panel as they arrive. */
function forward(run: RunContext, event: ModelEvent): void {
  if (event.type === 'text-delta') run.emit({ type: 'text', text: event.text });
  else if (event.type === 'thinking-delta') run.emit({ type: 'thinking', text: event.text });
  else if (event.type === 'retry') {
    run.notice(
      'info',
      'model-retry',
      t('worker.notice.modelRetry', { reason: event.reason, attempt: event.attempt }),
    );
  }
}

function stopNotice(run: RunContext, stop: ModelReply['stopReason']): void {
  if (stop === 'max_tokens') run.notice('warning', 'reply-cut', t('worker.notice.replyCut'));
  if (stop === 'refusal') run.notice('warning', 'reply-refused', t('worker.notice.replyRefused'));
}

function failed(run: RunContext, code: string, message: string): StepResult {
  run.notice('error', code, message);
  return { kind: 'failed', state: run.saved, error: { code, message } };
}
