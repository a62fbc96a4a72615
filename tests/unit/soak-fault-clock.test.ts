// The soak's fault clock (tests/e2e/support/soak/faults.ts): faults fall at quiet moments,
// and a lane that stays busy is never held for good. A harness that deadlocks reports
// "stuck" calls the product never had (CI, 2026-12-03: a kill and the WordPress restart
// waiting at once).
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FaultClock } from '../e2e/support/soak/faults';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('soak fault clock', () => {
  it('a busy lane gets to act while two faults wait for a quiet moment', async () => {
    const clock = new FaultClock(false);
    await clock.beforeAct('lane');
    const ran: string[] = [];
    // The lane is acting (its thread is busy) when a kill asks for a quiet moment, and the
    // restart asks two seconds later.
    const kill = clock.atSafeMoment(async () => void ran.push('kill'));
    await vi.advanceTimersByTimeAsync(2_000);
    const restart = clock.atSafeMoment(async () => void ran.push('restart'));
    let acted = false;
    void clock.beforeAct('lane').then(() => (acted = true));
    await vi.advanceTimersByTimeAsync(30_000);
    expect(acted, 'the lane decided its card').toBe(true);
    expect(ran).toEqual([]);
    clock.quiet('lane');
    await vi.advanceTimersByTimeAsync(200);
    await Promise.all([kill, restart]);
    expect(ran).toEqual(['kill', 'restart']);
  });

  it('a fault waits while a lane acts and falls once every lane is quiet', async () => {
    const clock = new FaultClock(false);
    await clock.beforeAct('a');
    let killed = false;
    const kill = clock.atSafeMoment(async () => void (killed = true));
    await vi.advanceTimersByTimeAsync(1_000);
    expect(killed).toBe(false);
    clock.quiet('a');
    await vi.advanceTimersByTimeAsync(100);
    await kill;
    expect(killed).toBe(true);
  });
});
