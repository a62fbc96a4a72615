import { canGrantOnce, evaluate } from '../../src/gate';
import { checkAccess, type PreparedCall } from '../../src/run/call/prepare-call';
import { readTarget } from '../../src/tools/gate-pass';
import { newRecord, safeHash } from '../../src/run/call/new-record';
import { SealedStore } from '../../src/store/sealed-store';
import type { BenchWorld } from './bench-world';
import { waitingTurn } from './scenario';

/** The measured steps, in the run loop's order (processWaiting, then suspendAt). */
export const STEPS = ['validate', 'facts', 'evaluate', 'access', 'persist'] as const;
/**
 * Beside `persist` (one commit: the pending record and the sealed state, issue 15 item 6):
 * `floor`, one bare IndexedDB commit of the same two rows (no validation, no sealing),
 * `twoCommits`, the same persist as it was before (record, then state, two commits), and
 * `sealedFloor`, the least a persist that keeps S3 can do: the same state sealed (JSON and
 * AES-GCM under the store's key) and committed with the same record, nothing else.
 */
export const PERSIST_PARTS = ['floor', 'twoCommits', 'sealedFloor'] as const;
export type Step = (typeof STEPS)[number] | (typeof PERSIST_PARTS)[number];

/** Milliseconds per step and in total, one sample per measured call. */
export type StepSamples = Record<Step | 'total', number[]>;

/**
 * One call through the gate path, step by step, with the same functions the run loop
 * calls: T5 validation through the registry; the payload hash (`safeHash`, WebCrypto
 * SHA-256 of the canonical JSON) made while the tool reads its target, then `facts()`
 * (one step: they overlap, as in `prepareCall`); the gate's
 * `evaluate` plus `canGrantOnce` (as `suspendAt` asks it); G5 `access()` through
 * `checkAccess`; and what `suspendAt` persists: the pending audit record (`newRecord`,
 * `AuditLog.create`) and the sealed run state (`RunContext.save`). Previews (P1) and the
 * G9/G10 guards are not in this path; `run-loop-check.ts` times them with the rest.
 * Returns the times of each step, and throws when the call does not go the expected way.
 */
async function oneCall(world: BenchWorld, i: number): Promise<Record<Step | 'total', number>> {
  const { registry, policy, ctx, audit, run } = world;
  const turn = { ...waitingTurn(i, run.now()), previews: [world.preview] };
  run.state.turn = turn;
  const call = turn.calls[0]!;
  const grants = run.state.grants;
  const t0 = performance.now();
  const valid = registry.validate(call.tool, call.input);
  const t1 = performance.now();
  if (!valid.ok) throw new Error(`the bench input does not validate: ${valid.error}`);
  // As `prepareCall`: the hash is made while the target is read (one read of the entry per
  // gate pass, `Tool.readTarget`, which also starts the value reads `access()` awaits).
  const hashing = safeHash(valid.tool.name, valid.input);
  const target = await readTarget(valid.tool, ctx, valid.input);
  const facts = (await valid.tool.facts?.(ctx, valid.input, target)) ?? {};
  const payloadHash = await hashing;
  const t3 = performance.now();
  const gateCall = { tool: valid.tool, input: valid.input };
  const decision = evaluate(policy, gateCall, { facts, untrusted: run.state.untrusted, grants });
  const offerOnce = canGrantOnce(policy, gateCall, { facts, untrusted: run.state.untrusted });
  const t4 = performance.now();
  const p: PreparedCall = { tool: valid.tool, input: valid.input, facts, payloadHash, ctx, target };
  const refusal = await checkAccess(p, decision.mode);
  const t5 = performance.now();
  if (refusal) throw new Error(`access refused the bench call: ${refusal.message}`);
  if (decision.decision !== 'ask') throw new Error(`the gate said ${decision.decision}, not ask`);
  call.status = 'pending';
  call.approval = {
    payloadHash,
    askedAt: run.now(),
    reason: decision.reason,
    mode: decision.mode,
    canGrantOnce: offerOnce,
    targetModified: facts.entity?.modified ?? null,
  };
  const t6 = performance.now();
  const record = newRecord(run, call, {
    tool: valid.tool,
    input: valid.input,
    facts,
    payloadHash,
    status: 'pending',
    mode: decision.mode,
  });
  await run.save(() => audit.create(record));
  const t7 = performance.now();
  const stored = await audit.get(record.id);
  const row = await audit.db.sealed.get(`run:${run.threadId}`);
  if (!stored || !row) throw new Error('the bench call was not persisted');
  const t8 = performance.now();
  // Both rows at once, as the persist writes them: the cheapest commit of these rows.
  await audit.db.transaction('rw', audit.db.records, audit.db.sealed, () =>
    Promise.all([
      audit.db.records.put({ ...stored, id: `${stored.id}-floor` }),
      audit.db.sealed.put({ ...row, key: `${row.key}-floor` }),
    ]),
  );
  const t9 = performance.now();
  await audit.create({ ...record, id: crypto.randomUUID() });
  await run.save();
  const t10 = performance.now();
  await sealedFloor(world.audit.db).put(`${row.key}-sealed-floor`, run.state, {
    alongside: () => audit.db.records.put({ ...stored, id: `${stored.id}-sealed-floor` }),
  });
  const t11 = performance.now();
  return {
    validate: t1 - t0,
    facts: t3 - t1,
    evaluate: t4 - t3,
    access: t5 - t4,
    persist: t7 - t6,
    floor: t9 - t8,
    twoCommits: t10 - t9,
    sealedFloor: t11 - t10,
    total: t5 - t0 + (t7 - t6),
  };
}

let floorStore: SealedStore | undefined;
/** A sealed store over the bench's database: the same sealing key as the run store's. */
function sealedFloor(db: BenchWorld['audit']['db']): SealedStore {
  floorStore ??= new SealedStore(db);
  return floorStore;
}

/** Runs `warmup` unmeasured calls, then `iterations` measured ones. */
export async function timeSteps(
  world: BenchWorld,
  iterations: number,
  warmup: number,
): Promise<StepSamples> {
  const samples = Object.fromEntries(
    [...STEPS, ...PERSIST_PARTS, 'total'].map((step) => [step, [] as number[]]),
  ) as StepSamples;
  for (let i = 0; i < warmup + iterations; i += 1) {
    const times = await oneCall(world, i);
    if (i < warmup) continue;
    for (const [step, ms] of Object.entries(times)) samples[step as Step | 'total'].push(ms);
  }
  return samples;
}
