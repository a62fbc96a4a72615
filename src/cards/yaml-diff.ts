import { diffLines } from 'diff';
import type { ConfigItem } from '../shared/protocols/thread-protocol';

/** One line of a YAML diff: kept, added or removed (a sign is drawn, not only a colour). */
export interface YamlLine {
  kind: 'same' | 'ins' | 'del';
  text: string;
}

/** A configuration item as YAML on both sides and the line diff between them (C2, A6). */
export interface YamlDiff {
  key: string;
  before: string;
  after: string;
  lines: YamlLine[];
  deleted: boolean;
}

type Stringify = (value: unknown) => string;

/**
 * Loads the yaml library on first use: it is only needed for configuration cards, so it
 * stays out of the side panel's initial bundle (a dynamic import becomes its own chunk).
 */
export async function loadYaml(): Promise<Stringify> {
  const { stringify } = await import('yaml');
  // Keys sorted on both sides so the diff shows changed values, not a different key order.
  return (value) => stringify(value, { sortMapEntries: true }) ?? '';
}

/** The YAML diff of one configuration item; a missing value shows as nothing. */
export function yamlDiffWith(stringify: Stringify, item: ConfigItem): YamlDiff {
  const before = item.current === undefined ? '' : stringify(item.current);
  const after = item.deleted || item.proposed === undefined ? '' : stringify(item.proposed);
  const lines: YamlLine[] = [];
  for (const change of diffLines(before, after)) {
    const kind = change.added ? 'ins' : change.removed ? 'del' : 'same';
    for (const text of change.value.replace(/\n$/, '').split('\n')) lines.push({ kind, text });
  }
  return { key: item.key, before, after, lines, deleted: item.deleted === true };
}

/** The YAML diffs of configuration items, loading the yaml library when first needed. */
export async function yamlDiffs(items: readonly ConfigItem[]): Promise<YamlDiff[]> {
  const stringify = await loadYaml();
  return items.map((item) => yamlDiffWith(stringify, item));
}
