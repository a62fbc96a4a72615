import { t } from '../../../i18n';
import { signal } from '@preact/signals';
import { policyFileText, readPolicyFile } from '../../../settings/policy-file';
import { downloadBlob } from '../download';
import { replaceDraft, view } from './rules-model';

/** Problems of the last import, shown at the file field. */
export const importProblems = signal<string[]>([]);

/** Downloads the saved admin policy as a versioned JSON file. */
export function exportPolicy(): void {
  const current = view.value;
  if (!current) return;
  const text = policyFileText(current.admin);
  downloadBlob(new Blob([text], { type: 'application/json' }), 'countersign-gate-policy.json');
}

/**
 * Reads a policy file in full (JSON, envelope or bare v1 policy, every entry against the
 * known tools). Only a file without problems replaces the draft, and the draft is saved
 * only when the admin presses Save: nothing is applied half-way.
 */
export async function importPolicy(file: File): Promise<void> {
  const current = view.value;
  if (!current) return;
  const tools = current.tools.map((tool) => tool.name);
  const read = readPolicyFile(await file.text(), tools);
  if (!read.ok) {
    importProblems.value = read.problems.map((problem) => problem.message);
    return;
  }
  importProblems.value = [];
  const count = Object.keys(read.policy).length;
  replaceDraft(read.policy, t('optionsRules.transfer.loaded', { count, file: file.name }));
}
