import { t } from '../../../i18n';
import type { AlwaysAskView, ToolSummary } from '../../../shared/protocols/options-protocol';

type ToolKind = NonNullable<ToolSummary['kind']>;

/** G2 in words: why some calls of a tool ask whatever its entry says. */
export function alwaysAskNote(cls: AlwaysAskView | null, optIn: boolean): string | null {
  if (cls === null) return null;
  if (optIn) {
    return t('optionsRules.always.optIn');
  }
  switch (cls) {
    case 'unclassified':
      return t('optionsRules.always.unclassified');
    case 'destructive':
      return t('optionsRules.always.destructive');
    case 'live-write':
      return t('optionsRules.always.liveWrite');
    case 'live-write-unless-draft':
      return t('optionsRules.always.liveUnlessDraft');
  }
}

const KIND_WORDS = {
  read: () => t('optionsRules.kind.read'),
  write: () => t('optionsRules.kind.write'),
  run: () => t('optionsRules.kind.run'),
  send: () => t('optionsRules.kind.send'),
  delete: () => t('optionsRules.kind.delete'),
} satisfies Record<ToolKind, () => string>;

/** The kind of a tool in a word, for its badge (a kind this version does not know as it is). */
export function kindLabel(kind: string | null, destructive: boolean): string {
  if (kind === null) return t('optionsRules.kind.unclassified');
  const word = KIND_WORDS[kind as keyof typeof KIND_WORDS]?.() ?? kind;
  return destructive ? t('optionsRules.kind.destructive', { kind: word }) : word;
}
