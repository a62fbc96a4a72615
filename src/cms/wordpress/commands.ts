import type { CommandCalls } from '../../tools/command-calls';
import type { CommandName } from '../../shared/vocabulary';

const TOOLS: Record<CommandName, string> = {
  search: 'wp_search_content',
  open: 'wp_open_admin',
  publish: 'wp_set_status',
  trash: 'wp_trash_entity',
};

/** R3: the panel's commands as WordPress tool calls (publish is a status change). */
export const wordpressCommands: CommandCalls = {
  search: (query) => ({ tool: TOOLS.search, input: { query } }),
  open: (path) => ({ tool: TOOLS.open, input: { path } }),
  publish: (ref) => ({ tool: TOOLS.publish, input: { ...ref, status: 'publish' } }),
  trash: (ref) => ({ tool: TOOLS.trash, input: { ...ref } }),
  commandOf: (tool) =>
    (Object.keys(TOOLS) as CommandName[]).find((command) => TOOLS[command] === tool),
};
