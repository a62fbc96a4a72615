import { useEffect, useState } from 'preact/hooks';

import type * as CardsModule from './index';

type Cards = typeof CardsModule;

let loaded: Cards | undefined;
let loading: Promise<Cards> | undefined;

/** Starts loading the cards' chunk (once); resolves to its exports. */
export function loadCards(): Promise<Cards> {
  loading ??= import('./index').then((cards) => (loaded = cards));
  return loading;
}

/**
 * The card components, or undefined while their chunk loads (the first card of a panel
 * waits a few milliseconds for it; every later render has them at once).
 */
export function useCards(): Cards | undefined {
  const [cards, setCards] = useState(loaded);
  useEffect(() => {
    if (cards) return;
    let live = true;
    void loadCards().then((module) => live && setCards(module));
    return () => {
      live = false;
    };
  }, [cards]);
  return cards;
}
