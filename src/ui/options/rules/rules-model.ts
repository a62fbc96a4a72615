import { t } from '../../../i18n';
import { computed, signal } from '@preact/signals';
import { hasWildcardAllow } from '../../../settings/policy-opt-in';
import { checkPolicySave } from '../../../settings/policy-save';
import {
  PolicyViewSchema,
  type FieldProblem,
  type ModeView,
  type PolicyView,
  type PolicyViewRecord,
} from '../../../shared/protocols/options-protocol';
import { ask, messageOf, RequestFailed } from '../options-request';

/** One entry as the editor holds it: `default` means "no entry of its own". */
export interface DraftEntry {
  mode: ModeView | 'default';
  ruleText: string;
}

export const view = signal<PolicyView | null>(null);
export const loadError = signal<string | null>(null);
export const draft = signal<Record<string, DraftEntry>>({});
export const problems = signal<FieldProblem[]>([]);
export const confirmation = signal('');
export const saveStatus = signal<{ kind: 'idle' | 'saving' | 'saved' | 'error'; text?: string }>({
  kind: 'idle',
});
/** Said after an import: what was loaded and that it is not saved yet. */
export const notice = signal<string | null>(null);

/** The editor's copy of a policy. */
export function toDraft(policy: PolicyViewRecord): Record<string, DraftEntry> {
  return Object.fromEntries(
    Object.entries(policy).map(([key, entry]) => [
      key,
      {
        mode: entry.mode,
        ruleText: entry.rule === undefined ? '' : JSON.stringify(entry.rule, null, 2),
      },
    ]),
  );
}

/** The policy the draft describes; rule text that is not JSON is a problem at its field. */
export function draftToPolicy(entries: Record<string, DraftEntry>) {
  const policy: Record<string, { mode: ModeView; rule?: unknown }> = {};
  const found: FieldProblem[] = [];
  for (const key of Object.keys(entries).sort()) {
    const { mode, ruleText } = entries[key] as DraftEntry;
    if (mode === 'default') continue;
    policy[key] = { mode };
    if ((mode === 'ask' || mode === 'once') && ruleText.trim()) {
      try {
        policy[key].rule = JSON.parse(ruleText) as unknown;
      } catch (error) {
        const detail = error instanceof SyntaxError ? ` (${error.message})` : '';
        found.push({ entry: key, field: 'rule', message: t('optionsRules.notJson', { detail }) });
      }
    }
  }
  return { policy, problems: found };
}

const sorted = (policy: object) =>
  JSON.stringify(Object.entries(policy).sort(([a], [b]) => (a < b ? -1 : 1)));

/** Whether the draft differs from the saved admin policy. */
export const dirty = computed(() => {
  const saved = view.value?.admin ?? {};
  return sorted(draftToPolicy(draft.value).policy) !== sorted(saved);
});

/** Whether saving would turn the `"*": "allow"` opt-in on (and so needs the phrase). */
export const optInPending = computed(
  () => draft.value['*']?.mode === 'allow' && !hasWildcardAllow(view.value?.admin ?? {}),
);

/** The managed key that locks `key`, `invalid` when the managed policy failed closed, or null. */
export function lockOf(key: string): string | null {
  const managed = view.value?.managed;
  if (!managed || managed.status === 'none') return null;
  if (managed.status === 'invalid') return 'invalid';
  if (Object.hasOwn(managed.entries, key)) return key;
  return Object.hasOwn(managed.entries, '*') ? '*' : null;
}

/** The problem shown at one field, if any. */
export function problemAt(entry: string | null, field: FieldProblem['field']): string | null {
  return problems.value.find((p) => p.entry === entry && p.field === field)?.message ?? null;
}

function adopt(next: PolicyView): void {
  view.value = next;
  draft.value = toDraft(next.admin);
  problems.value = [];
  confirmation.value = '';
}

/** Loads the tools and policies from the background. */
export async function loadRules(): Promise<void> {
  try {
    adopt(await ask({ type: 'options-policy-get' }, PolicyViewSchema));
    loadError.value = null;
  } catch (error) {
    loadError.value = messageOf(error);
  }
}

/** Changes one entry of the draft. */
export function editEntry(key: string, change: Partial<DraftEntry>): void {
  const current = draft.value[key] ?? { mode: 'default', ruleText: '' };
  draft.value = { ...draft.value, [key]: { ...current, ...change } };
  saveStatus.value = { kind: 'idle' };
}

/** Replaces the draft (an import); nothing is saved until Save. */
export function replaceDraft(policy: PolicyViewRecord, message: string): void {
  draft.value = toDraft(policy);
  problems.value = [];
  notice.value = message;
}

/** Throws away unsaved changes. */
export function resetDraft(): void {
  if (view.value) adopt(view.value);
  notice.value = null;
  saveStatus.value = { kind: 'idle' };
}

/**
 * Saves the whole draft: checked here first with the same function the background uses,
 * then by the background, which stores it in one write and records it (A1). Problems are
 * shown at their fields and nothing is saved.
 */
export async function saveRules(): Promise<void> {
  const current = view.value;
  if (!current) return;
  const built = draftToPolicy(draft.value);
  const tools = current.tools.map((tool) => tool.name);
  const local = checkPolicySave(built.policy, {
    tools,
    sitePrefixes: current.siteToolPrefixes,
    before: current.admin,
    confirmation: confirmation.value,
  });
  const found = [...built.problems, ...(local.ok ? [] : local.problems)];
  if (found.length > 0) {
    problems.value = found;
    saveStatus.value = { kind: 'error', text: t('optionsRules.fixEntries') };
    return;
  }
  saveStatus.value = { kind: 'saving' };
  try {
    const request = {
      type: 'options-policy-save',
      policy: built.policy,
      confirmation: confirmation.value,
    } as const;
    adopt(await ask(request, PolicyViewSchema));
    notice.value = null;
    saveStatus.value = {
      kind: 'saved',
      text: t('optionsRules.saved'),
    };
  } catch (error) {
    if (error instanceof RequestFailed) problems.value = error.problems;
    saveStatus.value = {
      kind: 'error',
      text: t('optionsRules.notSaved', { reason: messageOf(error) }),
    };
  }
}
