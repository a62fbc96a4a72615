import { useEffect, useState } from 'preact/hooks';

/** C7: how long a card ignores activation after it appears or its data changes. */
export const KEY_GUARD_MS = 600;

/**
 * Whether a card's buttons may act yet. False for {@link KEY_GUARD_MS} after the card
 * appears and again after it re-renders with new data (`dataKey` changes): a key press
 * meant for the composer, or a click aimed at what was there before, cannot decide.
 */
export function useArmed(dataKey: string): boolean {
  const [armedFor, setArmedFor] = useState<string | undefined>(undefined);
  useEffect(() => {
    const timer = setTimeout(() => setArmedFor(dataKey), KEY_GUARD_MS);
    return () => clearTimeout(timer);
  }, [dataKey]);
  return armedFor === dataKey;
}
