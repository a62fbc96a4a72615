import type { AnyTool } from '../../tools/tool';

/**
 * The input keys a person may edit on a call's card: the tool's value fields (its
 * classification's `changes.values`) that hold text in the proposal. A tool whose card is
 * its argument list (a site's ability) or that proposes configuration offers none.
 */
export function editableFields(tool: AnyTool | undefined, input: unknown): string[] {
  const values = tool?.classification?.changes?.values;
  if (!values || tool.argumentCard || tool.proposeConfig || !isRecord(input)) return [];
  return values.filter((key) => typeof input[key] === 'string');
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
