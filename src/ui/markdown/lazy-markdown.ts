import { useEffect, useState } from 'preact/hooks';

type Render = (text: string, adminUrl?: string) => string;

let loaded: Render | undefined;
let loading: Promise<Render> | undefined;

/** Starts loading the markdown chunk (marked + the renderer), once; resolves to it. */
export function loadMarkdown(): Promise<Render> {
  loading ??= import('./render-markdown').then((module) => (loaded = module.renderMarkdown));
  return loading;
}

/**
 * The markdown renderer, or undefined for the few milliseconds its chunk takes to load on
 * a panel's first assistant message (the text shows plain meanwhile). Kept out of the
 * panel's first chunk so the panel opens as fast as it did with the hand-written subset.
 */
export function useMarkdown(): Render | undefined {
  const [render, setRender] = useState(() => loaded);
  useEffect(() => {
    if (render) return;
    let live = true;
    void loadMarkdown().then((module) => live && setRender(() => module));
    return () => {
      live = false;
    };
  }, [render]);
  return render;
}
