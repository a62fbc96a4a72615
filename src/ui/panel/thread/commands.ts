/** A command of the composer's "/" menu (R3: what the panel offers without an agent). */
export interface Command {
  name: string;
  usage: string;
  hint: string;
}

/** The commands the background interprets when a message starts with "/". */
export const COMMANDS: readonly Command[] = [
  { name: 'search', usage: '/search <words>', hint: 'Search your content' },
  {
    name: 'open',
    usage: '/open <screen or post>',
    hint: 'Open an admin screen or a post in this tab',
  },
  { name: 'publish', usage: '/publish <draft>', hint: 'Publish a draft (asks for your approval)' },
  {
    name: 'trash',
    usage: '/trash <post>',
    hint: 'Move a post to the trash (asks for your approval)',
  },
];

/** The commands matching what is typed, while the first word is still a "/" command. */
export function matchingCommands(text: string): readonly Command[] {
  const match = /^\/(\S*)$/.exec(text);
  if (!match) return [];
  const typed = match[1]!.toLowerCase();
  return COMMANDS.filter((command) => command.name.startsWith(typed));
}
