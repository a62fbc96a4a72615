import { processWaiting } from '../../src/run/call/process-waiting';
import type { BenchWorld } from './bench-world';
import { waitingTurn } from './scenario';

/**
 * A cross-check of the step-by-step figures: the run loop's own `processWaiting` for the
 * same call, start to suspension. It does everything the steps do, plus what they leave
 * out: the audit lookup of the record id, the tool's G9/G10 guard (G9 does not apply to a
 * patch), and the preview (P1) with the card data, built from the pass's read of the entry,
 * which diff every changed field. Returns the milliseconds of each measured call.
 */
export async function timeProcessWaiting(
  world: BenchWorld,
  iterations: number,
  warmup: number,
): Promise<number[]> {
  const { run } = world;
  const samples: number[] = [];
  for (let i = 0; i < warmup + iterations; i += 1) {
    run.state.turn = waitingTurn(i, run.now());
    const t0 = performance.now();
    const progress = await processWaiting(run, 0);
    const ms = performance.now() - t0;
    if (progress !== 'suspended') throw new Error(`processWaiting gave ${progress}, not a card`);
    if (i >= warmup) samples.push(ms);
  }
  return samples;
}
