import { CountersignError } from '../shared/errors';

/**
 * A4: thrown by a tool's `execute()` when the CMS itself refuses the call as it runs (a
 * site's ability checks permission only then): the call is recorded `refused`, not `failed`,
 * and counts in the refused-calls report. Nothing ran.
 */
export class ToolRefusedError extends CountersignError {
  constructor(message: string) {
    super('refused-by-site', message);
  }
}
