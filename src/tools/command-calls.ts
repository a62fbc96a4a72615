import type { CommandName } from '../shared/vocabulary';
import type { EntityRef } from './write-card';

/** One tool call by name, with its input (validated by the tool like any model's call). */
export interface CommandCall {
  tool: string;
  input: Record<string, unknown>;
}

/**
 * R3: the tool calls the panel's commands become when no model is configured, in one CMS's
 * tools, and back: which command a tool answers, so its outcome is said in the person's
 * words. The CMS adapter gives them (`CmsAdapter.commands`); the command translator
 * (`agent/none/command-model.ts`) knows no CMS's tool names.
 */
export interface CommandCalls {
  search(query: string): CommandCall;
  /** Opens an admin screen by its path (relative to the admin's address). */
  open(path: string): CommandCall;
  publish(ref: EntityRef): CommandCall;
  trash(ref: EntityRef): CommandCall;
  /** The command a tool's call came from; undefined for any other tool. */
  commandOf(tool: string): CommandName | undefined;
}
