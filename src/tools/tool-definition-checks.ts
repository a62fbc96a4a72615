import type { AnyTool } from './tool';
import { ToolDefinitionError } from './tool-definition-error';
import type { InputJsonSchema } from './tool-json-schema';

/**
 * STYLE 3: snake_case verb_noun, at least two words (`wp_update_post`), within the
 * Anthropic API's 64-character limit for tool names. Words after the first may hold `-`:
 * a tool named after something a CMS names that way (a site's ability, `ab_core_get-site-info`).
 */
export const TOOL_NAME_PATTERN = /^[a-z][a-z0-9]*(?:_[a-z0-9-]+)+$/;

const KINDS = new Set(['read', 'write', 'run', 'send', 'delete']);

/** Checks the parts of a tool definition that do not involve its schema (T1, T2). */
export function checkToolShape(tool: AnyTool): void {
  const name = typeof tool.name === 'string' ? tool.name : String(tool.name);
  if (!TOOL_NAME_PATTERN.test(name) || name.length > 64) {
    throw new ToolDefinitionError(
      name,
      'its name must be snake_case verb_noun of at most 64 characters (e.g. "wp_update_post"; words after the first may hold "-").',
    );
  }
  for (const field of ['label', 'description', 'cardDescription'] as const) {
    if (typeof tool[field] !== 'string' || tool[field].trim() === '') {
      throw new ToolDefinitionError(name, `its ${field} is empty (T1).`);
    }
  }
  for (const method of ['access', 'execute'] as const) {
    if (typeof tool[method] !== 'function') {
      throw new ToolDefinitionError(name, `it has no ${method}() function (T1).`);
    }
  }
  const classification = tool.classification;
  if (classification === undefined) return;
  if (!KINDS.has(classification.kind)) {
    throw new ToolDefinitionError(name, `its kind "${String(classification.kind)}" is unknown.`);
  }
  if (typeof classification.destructive !== 'boolean') {
    throw new ToolDefinitionError(name, 'its classification must say destructive: true or false.');
  }
}

/** T2: the fields that `changes` names must exist at the top of the input. */
export function checkChangesNameFields(tool: AnyTool, schema: InputJsonSchema): void {
  const changes = tool.classification?.changes;
  if (!changes) return;
  const known = new Set(Object.keys(schema.properties ?? {}));
  const unknown = [...changes.entity, ...changes.values].filter((key) => !known.has(key));
  if (unknown.length > 0) {
    throw new ToolDefinitionError(
      tool.name,
      `classification.changes names fields its input does not have: ${unknown.join(', ')}.`,
    );
  }
}
