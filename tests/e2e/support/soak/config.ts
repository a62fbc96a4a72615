/** How long and how hard a soak runs; `npm run soak` sets these, `npm test` runs the defaults. */
export interface SoakConfig {
  seed: number;
  /** Activity stops after this long, or once `kills` workers were stopped, whichever is first. */
  seconds: number;
  kills: number;
  /** Threads running at once (each on its own post, a new thread after `steps` steps). */
  lanes: number;
  steps: number;
  /**
   * Kill anywhere (`COUNTERSIGN_SOAK_WIDE=1`). Otherwise kills (and the moment PHP is stopped)
   * wait until nothing is in flight: every thread idle or showing a card not yet decided
   * (see FaultClock: kills inside a call can strand a thread today).
   */
  wide: boolean;
}

const int = (value: string | undefined, fallback: number) =>
  value && /^\d+$/.test(value) ? Number(value) : fallback;

/** The soak's settings from the environment; the defaults are the short run of `npm test`. */
export function soakConfig(env: NodeJS.ProcessEnv = process.env): SoakConfig {
  return {
    seed: int(env.COUNTERSIGN_SOAK_SEED, Math.floor(Math.random() * 2 ** 31)),
    seconds: int(env.COUNTERSIGN_SOAK_SECONDS, 30),
    kills: int(env.COUNTERSIGN_SOAK_KILLS, 5),
    lanes: int(env.COUNTERSIGN_SOAK_LANES, 2),
    steps: int(env.COUNTERSIGN_SOAK_STEPS, 5),
    wide: env.COUNTERSIGN_SOAK_WIDE === '1',
  };
}
