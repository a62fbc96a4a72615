import type { AlwaysAskView } from '../../shared/options-protocol';

/** G2 in words: why some calls of a tool ask whatever its entry says. */
export function alwaysAskNote(cls: AlwaysAskView | null, optIn: boolean): string | null {
  if (cls === null) return null;
  if (optIn) {
    return 'The "*": "allow" opt-in is on: this tool no longer asks by itself; its entry decides.';
  }
  switch (cls) {
    case 'unclassified':
      return 'This tool has no classification, so every call asks. Only ask or deny can be set.';
    case 'destructive':
      return 'This tool is destructive, so every call asks, whatever the mode. Only ask or deny can be set.';
    case 'live-write':
      return 'Every call of this tool goes live (it cannot land as a draft), so every call asks. Only ask or deny can be set.';
    case 'live-write-unless-draft':
      return 'Calls that would go live always ask. Calls that land as a draft follow the mode and rule set here.';
  }
}

/** The kind of a tool in a word, for its badge. */
export function kindLabel(kind: string | null, destructive: boolean): string {
  if (kind === null) return 'unclassified';
  return destructive ? `${kind}, destructive` : kind;
}
