import { signal } from '@preact/signals';

/** The sections of the options page, each reachable at `#<id>`; `label` is a catalogue key. */
export const SECTIONS = [
  { id: 'connection', label: 'options.nav.connection' },
  { id: 'rules', label: 'options.nav.rules' },
  { id: 'audit', label: 'options.nav.audit' },
  { id: 'sync', label: 'options.nav.sync' },
  { id: 'refused', label: 'options.nav.refused' },
  { id: 'retention', label: 'options.nav.retention' },
] as const;
export type SectionId = (typeof SECTIONS)[number]['id'];

function fromHash(): SectionId {
  const id = location.hash.replace(/^#/, '');
  return SECTIONS.find((s) => s.id === id)?.id ?? 'connection';
}

/** The section on screen; links change the hash, so back and forward work too. */
export const section = signal<SectionId>(fromHash());

/** Shows another section (as a link would). */
export function go(id: SectionId): void {
  location.hash = id;
  section.value = id;
}

/** Keeps `section` in step with the URL; returns the unsubscribe. */
export function followHash(): () => void {
  const onChange = () => (section.value = fromHash());
  addEventListener('hashchange', onChange);
  return () => removeEventListener('hashchange', onChange);
}
