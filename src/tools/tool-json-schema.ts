import { z } from 'zod';
import type { AnyTool } from './tool';
import { ToolDefinitionError } from './tool-definition-error';
import { findUnsupportedShape } from './zod-shape-check';
import { formatFieldPath } from './field-path';

/** The JSON Schema of a tool's input as the Anthropic API takes it: always an object. */
export interface InputJsonSchema {
  type: 'object';
  properties?: Record<string, unknown>;
  required?: string[];
  [keyword: string]: unknown;
}

type JsonNode = Record<string, unknown>;

/**
 * T1/STYLE 3: converts a tool's zod input to JSON Schema with zod's own
 * `z.toJSONSchema`, describing the input side (what the model must send). Throws a
 * ToolDefinitionError naming the tool and the problem for a non-object root, transforms,
 * unrepresentable types, and fields without `.describe()`.
 */
export function toInputJsonSchema(tool: AnyTool): InputJsonSchema {
  const schema: z.ZodType = tool.input;
  const rootType = (schema as unknown as { _zod?: { def?: { type?: string } } })._zod?.def?.type;
  if (rootType !== 'object') {
    throw new ToolDefinitionError(
      tool.name,
      `its input must be a z.object(...) at the root, not ${rootType ?? 'a non-zod value'}.`,
    );
  }
  const unsupported = findUnsupportedShape(schema);
  if (unsupported) throw new ToolDefinitionError(tool.name, `${unsupported}.`);
  let json: JsonNode;
  try {
    json = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'throw' }) as JsonNode;
  } catch (error) {
    const why = error instanceof Error ? error.message : String(error);
    throw new ToolDefinitionError(tool.name, `its input has no JSON Schema: ${why}.`, {
      cause: error,
    });
  }
  delete json['$schema'];
  const undescribed = findUndescribed(json, json, [], new Set());
  if (undescribed.length > 0) {
    const list = undescribed.map((p) => `"${p}"`).join(', ');
    throw new ToolDefinitionError(
      tool.name,
      `every input field needs .describe() so the model knows what it means; missing on ${list}.`,
    );
  }
  return json as InputJsonSchema;
}

/** Walks the JSON Schema and lists the paths of object properties without a description. */
function findUndescribed(
  node: unknown,
  root: JsonNode,
  path: string[],
  seen: Set<unknown>,
): string[] {
  if (typeof node !== 'object' || node === null || seen.has(node)) return [];
  seen.add(node);
  const schema = node as JsonNode;
  const missing: string[] = [];
  const properties = schema['properties'];
  if (typeof properties === 'object' && properties !== null) {
    for (const [name, child] of Object.entries(properties as JsonNode)) {
      const fieldPath = [...path, name];
      if (!hasDescription(child, root)) missing.push(formatFieldPath(fieldPath));
      missing.push(...findUndescribed(child, root, fieldPath, seen));
    }
  }
  const nested: [unknown, string[]][] = [
    [schema['items'], [...path, '[]']],
    [schema['additionalProperties'], [...path, '[*]']],
    [resolveRef(schema, root), path],
  ];
  for (const key of ['anyOf', 'oneOf', 'allOf', 'prefixItems']) {
    const list = schema[key];
    if (Array.isArray(list)) for (const child of list) nested.push([child, path]);
  }
  for (const [child, childPath] of nested) {
    missing.push(...findUndescribed(child, root, childPath, seen));
  }
  return missing;
}

function hasDescription(node: unknown, root: JsonNode): boolean {
  if (typeof node !== 'object' || node === null) return false;
  const schema = node as JsonNode;
  if (typeof schema['description'] === 'string' && schema['description'].trim() !== '') {
    return true;
  }
  const target = resolveRef(schema, root);
  return target !== undefined && hasDescription(target, root);
}

/** Resolves a local `#/$defs/...` reference, the only kind zod emits for one schema. */
function resolveRef(schema: JsonNode, root: JsonNode): JsonNode | undefined {
  const ref = schema['$ref'];
  if (typeof ref !== 'string') return undefined;
  if (ref === '#') return root;
  const match = /^#\/\$defs\/(.+)$/.exec(ref);
  const defs = root['$defs'] as JsonNode | undefined;
  const target = match?.[1] !== undefined ? defs?.[match[1]] : undefined;
  return typeof target === 'object' && target !== null ? (target as JsonNode) : undefined;
}
