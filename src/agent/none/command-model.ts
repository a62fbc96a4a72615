import type { ModelPort, ModelReply, ModelRequest, TranscriptBlock } from '../../run/model-port';

/**
 * R3: without an API key there is no model. A message is a search over the site's content,
 * and a `/command` is the person acting directly. Both become ordinary tool calls so the
 * gate, the cards and the audit work as they do for the agent (reads run, writes show the
 * card). This port only translates what the person typed; nothing here mentions AI.
 */
export class CommandModel implements ModelPort {
  async generate(request: ModelRequest): Promise<ModelReply> {
    const last = request.messages.at(-1);
    if (!last || last.role !== 'user')
      return reply([{ type: 'text', text: 'Type something to search.' }]);
    const results = last.content.filter((b) => b.type === 'tool_result');
    if (results.length > 0)
      return reply([{ type: 'text', text: results.map(resultLine).join('\n') }]);
    const text = last.content
      .filter((b): b is Extract<TranscriptBlock, { type: 'text' }> => b.type === 'text')
      .map((b) => b.text)
      .join(' ')
      .trim();
    const call = parseCommand(text);
    if ('help' in call) return reply([{ type: 'text', text: call.help }]);
    return {
      content: [
        {
          type: 'tool_use',
          id: `cmd_${Date.now().toString(36)}`,
          name: call.tool,
          input: call.input,
        },
      ],
      stopReason: 'tool_use',
    };
  }
}

export const COMMAND_HELP =
  'Commands: /search words · /open path-in-admin (e.g. /open edit.php) · /publish post 12 · /trash post 12. ' +
  'Anything else searches your content.';

type Parsed = { tool: string; input: Record<string, unknown> } | { help: string };

/** Parses what the person typed into one tool call, or a help text. */
export function parseCommand(text: string): Parsed {
  if (!text.startsWith('/')) return search(text);
  const [name = '', ...rest] = text.slice(1).split(/\s+/);
  const args = rest.join(' ').trim();
  switch (name.toLowerCase()) {
    case 'search':
      return args ? search(args) : { help: 'Usage: /search words' };
    case 'open':
      return args
        ? { tool: 'wp_open_admin', input: { path: args } }
        : { help: 'Usage: /open edit.php' };
    case 'publish':
    case 'trash': {
      const ref = entityRef(args);
      if (!ref) return { help: `Usage: /${name} post 12 (or page 7)` };
      return name === 'trash'
        ? { tool: 'wp_trash_entity', input: ref }
        : { tool: 'wp_set_status', input: { ...ref, status: 'publish' } };
    }
    default:
      return { help: COMMAND_HELP };
  }
}

function search(query: string): Parsed {
  return { tool: 'wp_search_content', input: { query: query.slice(0, 200) } };
}

function entityRef(args: string): { type: string; id: number } | undefined {
  const match = /^(?:(\w+)\s+)?#?(\d+)$/.exec(args);
  if (!match) return undefined;
  return { type: match[1] ?? 'post', id: Number(match[2]) };
}

function resultLine(block: TranscriptBlock): string {
  if (block.type !== 'tool_result') return '';
  return block.content.split('\n')[0] ?? '';
}

function reply(content: TranscriptBlock[]): ModelReply {
  return { content, stopReason: 'end_turn' };
}
