import type { AnyTool } from '../../tools/tool';

/**
 * Issue 36: the value fields of a tool's proposal a person may change on its card: the
 * keys its classification names as carrying the entity's new values (`changes.values`):
 * a post's fields, or the settings a configuration write sets (each its own YAML diff). A
 * tool whose card is its argument list (a site's ability) offers none.
 */
function valueFields(tool: AnyTool | undefined, input: unknown): string[] {
  const values = tool?.classification?.changes?.values;
  if (!values || tool.argumentCard || !isRecord(input)) return [];
  return values.filter((key) => input[key] !== undefined);
}

/** Item 2: the fields whose proposed text the person may edit (text in the proposal). */
export function editableFields(tool: AnyTool | undefined, proposal: unknown): string[] {
  return valueFields(tool, proposal).filter((key) => typeof asRecord(proposal)[key] === 'string');
}

/**
 * Item 3: the fields the person may leave as they are on the site, one by one: every value
 * field of a write whose fields are independent. A whole-state write (G9) sets all of them
 * together, so none can be left out.
 */
export function droppableFields(tool: AnyTool | undefined, proposal: unknown): string[] {
  if (tool?.classification?.whole) return [];
  const fields = valueFields(tool, proposal);
  return fields.length > 1 ? fields : [];
}

/** What the person asked of the proposal: new text, fields left out, fields taken back. */
export interface FieldChoices {
  /** New text by field key; `null`: everything back to the proposal. */
  fields: Record<string, string> | null;
  drop?: readonly string[];
  restore?: readonly string[];
}

/**
 * The input the person's choices make from the proposal (`base`) and the version shown
 * now (`current`), and the value fields in which it differs from the proposal.
 */
export function chosenInput(
  base: unknown,
  current: unknown,
  choices: FieldChoices,
  keys: readonly string[],
): { input: Record<string, unknown>; changed: string[] } {
  const proposal = asRecord(base);
  if (choices.fields === null) return { input: { ...proposal }, changed: [] };
  const next: Record<string, unknown> = { ...asRecord(current), ...choices.fields };
  for (const key of choices.restore ?? []) next[key] = proposal[key];
  for (const key of choices.drop ?? []) delete next[key];
  const changed = keys.filter(
    (key) => JSON.stringify(next[key]) !== JSON.stringify(proposal[key]) || !(key in next),
  );
  return { input: next, changed };
}

function asRecord(value: unknown): Record<string, unknown> {
  return isRecord(value) ? value : {};
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
