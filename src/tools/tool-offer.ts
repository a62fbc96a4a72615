import type { ToolDefinition, ToolRegistry } from './registry';
import type { AnyTool } from './tool';

/**
 * Issue 34 item 2: a site with hundreds of abilities must not flood the model. Up to
 * {@link OFFER_ALL_UP_TO} site tools, every one is offered. Above it the site's registry
 * holds {@link LOOKUP_TOOL}, and a model turn is offered the adapter's tools, that look-up,
 * and only the site tools the thread has made relevant: the ones the person's latest words
 * name best, the ones the thread already called, and the ones a look-up in this thread
 * found. All three come from the transcript, which the run state keeps: a worker stopped
 * between turns offers the same tools when it resumes, with nothing else to store.
 */
export const OFFER_ALL_UP_TO = 40;
/** The look-up tool's name (it is no ability: a site tool's name starts `ab_`). */
export const LOOKUP_TOOL = 'find_site_tools';
/** How many site tools the person's latest words bring in at most. */
export const RELEVANT_TO_REQUEST = 12;

/** A message of the thread as the run state keeps it (the Messages API's shape). */
interface Message {
  role: 'user' | 'assistant';
  content: readonly Block[];
}
type Block =
  | { type: 'text'; text: string }
  | { type: 'tool_use'; id: string; name: string }
  | { type: 'tool_result'; tool_use_id: string; content: string }
  | { type: string };

/** The definitions a model turn is offered (all of them when the site adds few tools). */
export function offeredDefinitions(
  registry: Pick<ToolRegistry, 'definitions' | 'get' | 'list'>,
  transcript: readonly Message[],
): ToolDefinition[] {
  const all = registry.definitions();
  if (!registry.get(LOOKUP_TOOL)) return all;
  const site = registry.list().filter((tool) => tool.siteOrigin && !tool.personOnly);
  const inView = new Set<string>([
    ...namedInThread(transcript, new Set(site.map((tool) => tool.name))),
    ...bestMatches(site, latestRequest(transcript), RELEVANT_TO_REQUEST).map((tool) => tool.name),
  ]);
  return all.filter((definition) => {
    const tool = registry.get(definition.name);
    return !tool?.siteOrigin || inView.has(definition.name);
  });
}

/**
 * The site tools this thread has named: called by the model, or found by a look-up (its
 * answer lists their names). A name is a whole token of the answer, so a clipped or
 * reworded answer never brings in a tool it did not name.
 */
function namedInThread(transcript: readonly Message[], siteNames: ReadonlySet<string>): string[] {
  const named: string[] = [];
  const lookups = new Set<string>();
  for (const message of transcript) {
    for (const block of message.content) {
      if (isToolUse(block)) {
        if (block.name === LOOKUP_TOOL) lookups.add(block.id);
        else if (siteNames.has(block.name)) named.push(block.name);
      } else if (isToolResult(block) && lookups.has(block.tool_use_id)) {
        for (const token of block.content.split(/[^A-Za-z0-9_-]+/)) {
          if (siteNames.has(token)) named.push(token);
        }
      }
    }
  }
  return named;
}

/** The person's latest words: the last user message that holds text (not tool results). */
function latestRequest(transcript: readonly Message[]): string {
  for (let i = transcript.length - 1; i >= 0; i--) {
    const message = transcript[i]!;
    if (message.role !== 'user') continue;
    const text = message.content
      .filter((block): block is { type: 'text'; text: string } => block.type === 'text')
      .map((block) => block.text)
      .join(' ');
    if (text) return text;
  }
  return '';
}

/**
 * The site tools whose label, description, group or name share the most words with
 * `query` (words of 3 letters or more, in any script; a plural's `s` does not count), best
 * first, ties by label; tools sharing no word are left out.
 */
export function bestMatches(tools: readonly AnyTool[], query: string, max: number): AnyTool[] {
  const words = [
    ...new Set(
      wordsOf(query)
        .filter((word) => !COMMON.has(word))
        .map(stem),
    ),
  ];
  if (words.length === 0) return [];
  return tools
    .map((tool) => ({ tool, score: scoreOf(haystackOf(tool), words) }))
    .filter((entry) => entry.score > 0)
    .sort((a, b) => b.score - a.score || a.tool.label.localeCompare(b.tool.label))
    .slice(0, max)
    .map((entry) => entry.tool);
}

function haystackOf(tool: AnyTool): string {
  const name = tool.name.replace(/[_-]+/g, ' ');
  return [tool.label, tool.description, tool.siteOrigin?.group ?? '', name]
    .join(' ')
    .toLocaleLowerCase();
}

function scoreOf(haystack: string, words: readonly string[]): number {
  return words.filter((word) => haystack.includes(word)).length;
}

function wordsOf(text: string): string[] {
  return (text.toLocaleLowerCase().match(/[\p{L}\p{N}]{3,}/gu) ?? []).slice(0, 200);
}

function stem(word: string): string {
  if (word.length > 4 && word.endsWith('es')) return word.slice(0, -2);
  if (word.length > 3 && word.endsWith('s')) return word.slice(0, -1);
  return word;
}

/** English words that would match nearly every tool's description. */
const COMMON: ReadonlySet<string> = new Set(
  'the and for with this that from into please can you your our are was were will would could should have has all any some what which when where who how why not but its it’s site wordpress ability abilities tool tools make give get let use'.split(
    ' ',
  ),
);

function isToolUse(block: Block): block is { type: 'tool_use'; id: string; name: string } {
  return block.type === 'tool_use';
}

function isToolResult(
  block: Block,
): block is { type: 'tool_result'; tool_use_id: string; content: string } {
  return block.type === 'tool_result';
}
