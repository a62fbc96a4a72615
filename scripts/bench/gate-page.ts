/**
 * The gate bench's browser entry (bundled by scripts/bench-gate.mjs into .output/bench/).
 * It runs in a plain Chromium page, not the extension: the modules it times import no
 * extension API (`#imports`, `chrome.*`), so the same code runs here unchanged.
 */
import { buildWorld } from './bench-world';
import { timeProcessWaiting } from './run-loop-check';
import { timeSteps, type StepSamples } from './step-loop';
import { renameWalk, type RenameRequests } from './rename-walk';

/** What the bench asks of the page. */
export interface GateBenchOptions {
  iterations: number;
  warmup: number;
  /** Synthetic records put in the audit log before the first call. */
  prefill: number;
}

/** Raw samples, for Node to summarize; times in milliseconds. */
export interface GateBenchResult {
  steps: StepSamples;
  processWaiting: number[];
  /** REST reads per call that the memory fetch answered (each a round trip in real life). */
  readsPerCall: number;
  /** One rename, card to result: the requests of each phase. */
  rename: RenameRequests;
  misses: string[];
  crossOriginIsolated: boolean;
  userAgent: string;
}

declare global {
  interface Window {
    gateBench?: (options: GateBenchOptions) => Promise<GateBenchResult>;
  }
}

window.gateBench = async ({ iterations, warmup, prefill }) => {
  const world = await buildWorld(prefill);
  const before = world.traffic.requests;
  const steps = await timeSteps(world, iterations, warmup);
  const readsPerCall = (world.traffic.requests - before) / (iterations + warmup);
  const processWaiting = await timeProcessWaiting(world, iterations, warmup);
  const rename = await renameWalk(world);
  return {
    steps,
    processWaiting,
    readsPerCall,
    rename,
    misses: world.traffic.misses,
    crossOriginIsolated: self.crossOriginIsolated,
    userAgent: navigator.userAgent,
  };
};
