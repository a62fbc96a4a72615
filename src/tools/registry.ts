import type { AnyTool } from './tool';
import { ToolDefinitionError } from './tool-definition-error';
import { toInputJsonSchema, type InputJsonSchema } from './tool-json-schema';
import { checkChangesNameFields, checkToolShape } from './tool-definition-checks';
import { validateToolInput, type RegistryValidation } from './validate-input';

export { isUnclassified } from './classification';
export type { RegistryValidation } from './validate-input';

/** A tool as the Anthropic Messages API takes it. */
export interface ToolDefinition {
  name: string;
  description: string;
  input_schema: InputJsonSchema;
}

/**
 * The tools on offer. Each tool's zod input is converted to JSON Schema once, when it is
 * registered; a tool that cannot be described honestly is refused right there (T1).
 */
export class ToolRegistry {
  readonly #tools = new Map<string, { tool: AnyTool; definition: ToolDefinition }>();

  /** Registers tools; throws ToolDefinitionError naming the tool and the problem. */
  register(...tools: AnyTool[]): this {
    for (const tool of tools) {
      checkToolShape(tool);
      if (this.#tools.has(tool.name)) {
        throw new ToolDefinitionError(tool.name, 'another tool already has this name.');
      }
      // A schema from outside (a site's ability) is copied as plain JSON, never shared.
      const inputSchema = deepFreeze(
        tool.modelSchema
          ? (JSON.parse(JSON.stringify(tool.modelSchema)) as InputJsonSchema)
          : toInputJsonSchema(tool),
      );
      checkChangesNameFields(tool, inputSchema);
      const definition = Object.freeze({
        name: tool.name,
        description: tool.description,
        input_schema: inputSchema,
      });
      this.#tools.set(tool.name, { tool, definition });
    }
    return this;
  }

  /** The tool with this name, or undefined. */
  get(name: string): AnyTool | undefined {
    return this.#tools.get(name)?.tool;
  }

  /** All tools, in registration order. */
  list(): AnyTool[] {
    return [...this.#tools.values()].map((entry) => entry.tool);
  }

  /** The names of all tools, in registration order (for policy validation). */
  names(): string[] {
    return [...this.#tools.keys()];
  }

  /** The definition of one tool, person-only ones included (E4), or undefined. */
  definition(name: string): ToolDefinition | undefined {
    return this.#tools.get(name)?.definition;
  }

  /**
   * Tool definitions for the Anthropic API, computed at registration (frozen). Tools only
   * a person proposes (E4 Undo) are left out: they do not exist for the model.
   */
  definitions(): ToolDefinition[] {
    return [...this.#tools.values()]
      .filter((entry) => !entry.tool.personOnly)
      .map((entry) => entry.definition);
  }

  /**
   * T5: validates the model's raw input for the named tool. An unknown tool or invalid
   * input gives an error message for the model naming the tool and field paths.
   */
  validate(name: string, rawInput: unknown): RegistryValidation {
    const tool = this.get(name);
    if (!tool) {
      const known =
        this.list()
          .filter((t) => !t.personOnly)
          .map((t) => t.name)
          .join(', ') || 'none';
      return { ok: false, error: `Unknown tool "${name}". Available tools: ${known}.` };
    }
    const result = validateToolInput(tool, rawInput);
    return result.ok ? { ok: true, tool, input: result.input } : result;
  }
}

/** Builds a registry holding the given tools. */
export function createRegistry(tools: AnyTool[] = []): ToolRegistry {
  return new ToolRegistry().register(...tools);
}

function deepFreeze<T>(value: T): T {
  if (typeof value === 'object' && value !== null && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const child of Object.values(value)) deepFreeze(child);
  }
  return value;
}
