import type { ThreadView } from '../../../../src/shared/protocols/thread-protocol';
import type { SoakClient } from './client';
import { messageOf, type Op } from './plan';

/** Lets the fault loop keep its faults away from moments known to strand a thread. */
export interface DecisionGate {
  /** Resolves when `lane` may send a message or a decision now; it is in flight after. */
  beforeAct(lane: string): Promise<void>;
  /** `lane` has nothing in flight: idle, or its card waits for a decision. */
  quiet(lane: string): void;
}

/** How one step ended. */
export interface StepOutcome {
  op: Op;
  settled: boolean;
  /** Times the card was decided (more than once: a kill lost the click, the card came back). */
  decisions: number;
  /** Times the message was sent (more than once: a kill lost it before it was saved). */
  sends: number;
  /** The record id of the step's card, for writes. */
  recordId?: string;
  why?: string;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function lastUser(view: ThreadView) {
  return view.items.filter((i) => i.kind === 'user').at(-1);
}

function answered(view: ThreadView, op: Op): boolean {
  return view.items.some((i) => i.kind === 'assistant' && i.text.includes(`done ${op.id}`));
}

/**
 * Runs one step as a person would in the panel: sends the message (or edits the last one),
 * decides the step's card as planned (again if a stopped worker offers it again), and waits
 * until the thread is idle with the model's `done <step>`. A message a stopped worker never
 * saved is sent again, as a person would retype it.
 */
export async function runStep(
  client: SoakClient,
  op: Op,
  gate: DecisionGate,
  lane: string,
  timeoutMs: number,
  onArrived: () => void = () => undefined,
  trace: (what: string) => void = () => undefined,
): Promise<StepOutcome> {
  const text = messageOf(op);
  const outcome: StepOutcome = { op, settled: false, decisions: 0, sends: 0 };
  const deadline = Date.now() + timeoutMs;
  let editOf: string | undefined;
  let sentAt = 0;
  let sentEpoch = -1;
  let decidedAt = 0;
  let decidedEpoch = -1;
  let last: ThreadView | undefined;
  let readDecided = '';
  let readDecidedAt = 0;
  let readDecidedEpoch = -1;
  while (Date.now() < deadline) {
    const view = await client.view();
    const epoch = await client.epoch();
    for (const error of await client.takeErrors()) trace(`${op.id}: port: ${error}`);
    if (!view) {
      await sleep(100);
      continue;
    }
    last = view;
    const user = lastUser(view);
    const arrived = user?.kind === 'user' && user.text === text;
    if (arrived) onArrived();
    if (!arrived) {
      // Not (yet) in the thread: send it, or again once the port it went on has closed.
      if (outcome.sends === 0 || (epoch !== sentEpoch && Date.now() - sentAt > 1_500)) {
        if (view.busy) {
          await sleep(150);
          continue;
        }
        if (outcome.sends === 0) gate.quiet(lane);
        await gate.beforeAct(lane);
        if (op.kind === 'edit') {
          editOf ??= user?.id;
          if (!editOf) return { ...outcome, why: 'no message to edit' };
          await client.send({
            type: 'message-edit',
            threadId: client.threadId,
            itemId: editOf,
            text,
          });
        } else {
          await client.send({ type: 'message-send', threadId: client.threadId, text });
        }
        outcome.sends += 1;
        trace(`${op.id}: sent (${outcome.sends})`);
        sentAt = Date.now();
        sentEpoch = await client.epoch();
      }
      await sleep(150);
      continue;
    }
    const card = view.items.find(
      (i) =>
        i.kind === 'approval' &&
        !i.decided &&
        i.card.recordId === view.pending &&
        i.card.fields?.some((f) => f.proposed === op.excerpt),
    );
    // A read asks too while the site's policy cannot be read (its API down, G11): a person
    // who asked for the read approves it.
    const readCard = view.items.find(
      (i) =>
        i.kind === 'approval' &&
        !i.decided &&
        i.card.recordId === view.pending &&
        !op.excerpt &&
        i.card.toolName === 'wp_get_entity',
    );
    // Approved again, as a write's card is, when a worker stopped since lost the click.
    const readAgain =
      readCard?.kind === 'approval' &&
      (readCard.card.recordId !== readDecided ||
        (epoch !== readDecidedEpoch && Date.now() - readDecidedAt > 1_500));
    if (readCard?.kind === 'approval' && readAgain) {
      if (!view.busy) gate.quiet(lane);
      await gate.beforeAct(lane);
      await client.send({
        type: 'decision',
        threadId: client.threadId,
        tabId: client.tabId,
        recordId: readCard.card.recordId,
        payloadHash: readCard.card.payloadHash,
        targetModified: readCard.card.targetModified ?? null,
        approve: true,
      });
      readDecided = readCard.card.recordId;
      readDecidedAt = Date.now();
      readDecidedEpoch = await client.epoch();
      trace(`${op.id}: read approved`);
      await sleep(150);
      continue;
    }
    if (card?.kind === 'approval' && op.excerpt) {
      outcome.recordId = card.card.recordId;
      // Decide it, and again if the click went to a worker that died (the card is back).
      if (outcome.decisions === 0 || (epoch !== decidedEpoch && Date.now() - decidedAt > 1_500)) {
        if (!view.busy) gate.quiet(lane);
        await gate.beforeAct(lane);
        await client.send({
          type: 'decision',
          threadId: client.threadId,
          tabId: client.tabId,
          recordId: card.card.recordId,
          payloadHash: card.card.payloadHash,
          targetModified: card.card.targetModified ?? null,
          approve: op.kind === 'approve',
          ...(op.kind === 'reject' ? { note: `no ${op.id}` } : {}),
        });
        outcome.decisions += 1;
        trace(`${op.id}: decided (${outcome.decisions})`);
        decidedAt = Date.now();
        decidedEpoch = await client.epoch();
      }
      await sleep(150);
      continue;
    }
    if (!view.busy && view.pending === null && answered(view, op)) {
      gate.quiet(lane);
      return { ...outcome, settled: true };
    }
    await sleep(150);
  }
  gate.quiet(lane);
  const summary = last
    ? JSON.stringify({ busy: last.busy, pending: last.pending, tail: last.items.slice(-4) })
    : 'no view';
  return { ...outcome, why: `not settled in ${timeoutMs} ms: ${summary.slice(0, 1500)}` };
}
