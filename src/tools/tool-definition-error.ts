import { CountersignError } from '../shared/errors';

/**
 * A tool that cannot be offered to the model as written. Raised at registration so a
 * broken tool fails the build's tests instead of a person's session. The message names
 * the tool and the problem.
 */
export class ToolDefinitionError extends CountersignError {
  readonly tool: string;
  constructor(tool: string, problem: string, options?: { cause?: unknown }) {
    super('tool-definition', `Tool "${tool}" cannot be registered: ${problem}`, options);
    this.tool = tool;
  }
}
