import { stopWorkerStacks } from './support/worker-stack';

/**
 * Stops the WordPress stacks of parallel workers 1..n (support/worker-stack.ts), so no php -S
 * or mariadbd of theirs outlives the run; their data stays for a warm start next time. The test
 * stacks themselves (worker 0's) are left as the setup projects found them.
 */
export default async function globalTeardown(): Promise<void> {
  await stopWorkerStacks(process.env);
}
