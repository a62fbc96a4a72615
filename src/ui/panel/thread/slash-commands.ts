import { t } from '../../../i18n';
import { COMMAND_NAMES } from '../../../shared/vocabulary';

/** A command of the composer's "/" menu (R3: what the panel offers without an agent). */
export interface Command {
  name: string;
  usage: string;
  hint: string;
}

/** The commands with their usage and hint in the person's language (read at render). */
export function commands(): readonly Command[] {
  return COMMAND_NAMES.map((name) => ({
    name,
    usage: t(`panel.command.${name}.usage`),
    hint: t(`panel.command.${name}.hint`),
  }));
}

/** The commands matching what is typed, while the first word is still a "/" command. */
export function matchingCommands(text: string): readonly Command[] {
  const match = /^\/(\S*)$/.exec(text);
  if (!match) return [];
  const typed = match[1]!.toLowerCase();
  return commands().filter((command) => command.name.startsWith(typed));
}
