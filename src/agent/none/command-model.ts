import { t } from '../../i18n';
import type { CommandCalls } from '../../tools/command-calls';
import type { EntityRef } from '../../tools/write-card';
import type {
  ModelPort,
  ModelReply,
  ModelRequest,
  TranscriptBlock,
  TranscriptMessage,
} from '../../run/model-port';

/**
 * R3: without an API key there is no model. A message is a search over the site's content,
 * and a `/command` is the person acting directly. Both become ordinary tool calls so the
 * gate, the cards and the audit work as they do for the agent (reads run, writes show the
 * card). This port only translates what the person typed; nothing here mentions AI. Its
 * answers are the person's to read, so they are in their language (issue 37).
 */
export class CommandModel implements ModelPort {
  /**
   * `calls`: the CMS adapter's tool calls for each command; `cms`: how people name the CMS
   * (a result in its words, "WordPress made it …", is kept as the CMS said it).
   */
  constructor(
    private readonly calls: CommandCalls,
    private readonly cms: string,
  ) {}

  async generate(request: ModelRequest): Promise<ModelReply> {
    const last = request.messages.at(-1);
    if (!last || last.role !== 'user')
      return reply([{ type: 'text', text: t('worker.none.empty') }]);
    const results = last.content.filter((b) => b.type === 'tool_result');
    if (results.length > 0) {
      const calls = callsOf(request.messages.at(-2));
      const said = results.map((r) => this.answer(r, calls));
      return reply([{ type: 'text', text: said.join('\n') }]);
    }
    const text = last.content
      .filter((b): b is Extract<TranscriptBlock, { type: 'text' }> => b.type === 'text')
      .map((b) => b.text)
      .join(' ')
      .trim();
    const call = parseCommand(text, this.calls);
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

  /**
   * What the person reads about one result. The result itself is written for a model
   * (English, summary then JSON); the commands' outcomes are said again in the person's
   * language, and a failure keeps the tool's own words after a translated lead-in.
   */
  private answer(block: TranscriptBlock, calls: Map<string, Call>): string {
    if (block.type !== 'tool_result') return '';
    const first = block.content.split('\n')[0] ?? '';
    if (block.is_error) {
      return block.content.startsWith('Tool call rejected by user.')
        ? t('worker.none.rejected')
        : t('worker.none.failed', { detail: first });
    }
    const call = calls.get(block.tool_use_id);
    const ref = { type: String(call?.input.type ?? 'post'), id: String(call?.input.id ?? '') };
    switch (call && this.calls.commandOf(call.name)) {
      case 'search': {
        const count = listLength(block.content);
        const query = String(call?.input.query ?? '');
        if (count === undefined) return first;
        return count === 0
          ? t('worker.search.foundNone', { query })
          : t('worker.search.found', { count, query });
      }
      case 'open':
        return t('worker.none.opened', { path: String(call?.input.path ?? '') });
      case 'trash':
        return t('worker.none.trashed', ref);
      case 'publish':
        // The CMS may have chosen another status (a future date): its own words say which.
        return first.includes(` ${this.cms} made it `) ? first : t('worker.none.published', ref);
      default:
        return first;
    }
  }
}

/** The commands, in the person's language (read when shown: the language may change). */
export function commandHelp(): string {
  return t('worker.none.help');
}

type Parsed = { tool: string; input: Record<string, unknown> } | { help: string };

/** Parses what the person typed into one tool call of the CMS's (`calls`), or a help text. */
export function parseCommand(text: string, calls: CommandCalls): Parsed {
  if (!text.startsWith('/')) return search(text, calls);
  const [name = '', ...rest] = text.slice(1).split(/\s+/);
  const args = rest.join(' ').trim();
  switch (name.toLowerCase()) {
    case 'search':
      return args ? search(args, calls) : { help: t('worker.none.usage.search') };
    case 'open':
      return args ? calls.open(args) : { help: t('worker.none.usage.open') };
    case 'publish':
    case 'trash': {
      const ref = entityRef(args);
      if (!ref) return { help: t('worker.none.usage.entity', { command: name }) };
      return name === 'trash' ? calls.trash(ref) : calls.publish(ref);
    }
    default:
      return { help: commandHelp() };
  }
}

function search(query: string, calls: CommandCalls): Parsed {
  return calls.search(query.slice(0, 200));
}

function entityRef(args: string): EntityRef | undefined {
  const match = /^(?:(\w+)\s+)?#?(\d+)$/.exec(args);
  if (!match) return undefined;
  return { type: match[1] ?? 'post', id: Number(match[2]) };
}

type Call = { name: string; input: Record<string, unknown> };

/** The calls this port asked for in the reply the results answer, by id. */
function callsOf(message: TranscriptMessage | undefined): Map<string, Call> {
  const calls = new Map<string, Call>();
  for (const block of message?.role === 'assistant' ? message.content : []) {
    if (block.type === 'tool_use') {
      const input = (block.input ?? {}) as Record<string, unknown>;
      calls.set(block.id, { name: block.name, input });
    }
  }
  return calls;
}

/** How many entries a list result holds (its data is the JSON on the last line). */
function listLength(content: string): number | undefined {
  try {
    const data: unknown = JSON.parse(content.split('\n').at(-1) ?? '');
    return Array.isArray(data) ? data.length : undefined;
  } catch {
    return undefined;
  }
}

function reply(content: TranscriptBlock[]): ModelReply {
  return { content, stopReason: 'end_turn' };
}
