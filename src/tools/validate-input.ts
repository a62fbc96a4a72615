import type { z } from 'zod';
import type { AnyTool, Tool } from './tool';
import { formatFieldPath } from './field-path';

/** T5: the outcome of checking the model's input against a tool's schema. */
export type ValidationResult<Input = unknown> =
  { ok: true; input: Input } | { ok: false; error: string };

/**
 * T5: validates raw model input against the tool's schema. A failure carries one
 * message, for the model, that names every offending field path:
 * `Invalid input for wp_update_post: title: expected string, received number.`
 */
export function validateToolInput<S extends z.ZodType>(
  tool: Tool<S>,
  rawInput: unknown,
): ValidationResult<z.infer<S>> {
  const parsed = tool.input.safeParse(rawInput);
  if (parsed.success) return { ok: true, input: parsed.data as z.infer<S> };
  return { ok: false, error: describeIssues(tool.name, parsed.error.issues) };
}

/** Renders zod issues as `path: problem` parts, so the model can fix exactly those fields. */
export function describeIssues(toolName: string, issues: readonly z.core.$ZodIssue[]): string {
  const parts = issues.map((issue) => {
    const keys = issue.code === 'unrecognized_keys' ? issue.keys : [];
    if (keys.length > 0) {
      const names = keys.map((key) => formatFieldPath([...issue.path, key])).join(', ');
      return `${names}: not a field of this tool; remove ${keys.length > 1 ? 'them' : 'it'}`;
    }
    return `${formatFieldPath(issue.path)}: ${plain(issue.message)}`;
  });
  return `Invalid input for ${toolName}: ${parts.join('; ')}.`;
}

/** Zod prefixes most messages with "Invalid input: "; the field path already says that. */
function plain(message: string): string {
  return message.replace(/^Invalid input: /, '');
}

/** A registry-level validation result, which also hands back the tool that matched. */
export type RegistryValidation =
  { ok: true; tool: AnyTool; input: unknown } | { ok: false; error: string };
