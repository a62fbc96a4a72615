import { t } from '../../../i18n';
import { signal } from '@preact/signals';
import { RuleTryViewSchema, type RuleTryView } from '../../../shared/protocols/options-protocol';
import { ask, messageOf, RequestFailed } from '../options-request';
import { draft, draftToPolicy, view } from './rules-model';
import { siteOfTool, siteToolList } from './site-tools-model';

/** The sample call typed in each tool's "try it" box, as JSON text. */
export const samples = signal<Record<string, string>>({});
/** The last result per tool: what the gate said, or why it could not try. */
export const tries = signal<
  Record<string, { result?: RuleTryView; error?: string; running?: boolean }>
>({});

/** The sample for a tool: what the admin typed, else the tool's own sample. */
export function sampleOf(tool: string): string {
  return samples.value[tool] ?? toolOf(tool)?.sample ?? '{}';
}

/** A tool of the editor: the CMS's own, or one the chosen site adds. */
function toolOf(name: string) {
  return [...(view.value?.tools ?? []), ...siteToolList.value].find((t) => t.name === name);
}

function put(
  tool: string,
  state: { result?: RuleTryView; error?: string; running?: boolean },
): void {
  tries.value = { ...tries.value, [tool]: state };
}

/**
 * G4 "try it": evaluates the tool's entry as edited (not yet saved) against the sample,
 * through the background's gate with the tool's real classification.
 */
export async function tryEntry(tool: string): Promise<void> {
  let sample: unknown;
  try {
    sample = JSON.parse(sampleOf(tool));
  } catch (error) {
    const detail = error instanceof SyntaxError ? ` (${error.message})` : '';
    put(tool, { error: t('optionsRules.try.notJson', { detail }) });
    return;
  }
  const built = draftToPolicy({ [tool]: draft.value[tool] ?? { mode: 'default', ruleText: '' } });
  if (built.problems.length > 0) {
    put(tool, { error: built.problems[0]?.message });
    return;
  }
  const entry = built.policy[tool] ?? {
    mode: toolOf(tool)?.defaultMode ?? 'ask',
  };
  put(tool, { running: true });
  try {
    put(tool, {
      result: await ask(
        { type: 'options-rule-try', tool, entry, sample, site: siteOfTool(tool) },
        RuleTryViewSchema,
      ),
    });
  } catch (error) {
    const problem = error instanceof RequestFailed ? error.problems[0]?.message : undefined;
    put(tool, { error: problem ?? messageOf(error) });
  }
}
