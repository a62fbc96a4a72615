import { summarizeRule } from '../../settings/policy-summary';
import type { ModeView, ToolSummary } from '../../shared/options-protocol';
import { alwaysAskNote, kindLabel } from './always-ask-note';
import { alwaysAsks, ModeSelect } from './mode-select';
import { RuleEditor } from './rule-editor';
import { draft, editEntry, lockOf, problemAt, view } from './rules-model';
import { chosenSite, originOf, siteModeOf, siteView, type RuleOrigin } from './site-rules-model';

const ORIGIN_WORDS: Record<RuleOrigin, string> = {
  managed: "Your organisation's managed policy",
  site: 'This site',
  'site-failed': 'This site (its rule cannot be read, so it asks)',
  browser: 'This browser',
  default: 'Default',
};

/** G11: which source decides the tool, on the site the page shows (or any site without rules). */
function OriginLine({ tool }: { tool: ToolSummary }) {
  const current = view.value;
  if (!current) return null;
  const managed = current.managed.status === 'ok' ? current.managed.entries : null;
  const site = chosenSite.value ? siteView.value : null;
  const { origin, entry } = originOf(tool, managed, site, current.admin);
  const where = chosenSite.value ? ` on ${chosenSite.value.label}` : '';
  const siteMode = site && origin === 'site' ? siteModeOf(site, entry) : null;
  return (
    <p class="opt-origin" data-testid={`origin-${tool.name}`}>
      <span class={`badge origin-${origin}`}>{ORIGIN_WORDS[origin]}</span> decides{where}
      {entry === '*' ? ' (its rule for every tool)' : ''}
      {siteMode ? `: ${siteMode}` : ''}
      {origin === 'site' || origin === 'site-failed'
        ? ". This browser's entry applies only on sites without a rule for this tool."
        : '.'}
    </p>
  );
}

/** What applies to a tool without an entry of its own: the `"*"` entry, else its default (G3). */
function defaultLabel(tool: ToolSummary): string {
  const wildcard = draft.value['*']?.mode;
  if (wildcard && wildcard !== 'default') return `Same as every other tool ("*": ${wildcard})`;
  return `Default: ${tool.defaultMode === 'allow' ? 'allow (reads run)' : 'ask'}`;
}

/** Why an entry cannot be edited here (G11). */
function lockText(lock: string, managedMode?: ModeView): string {
  if (lock === 'invalid')
    return 'The managed policy cannot be read, so Countersign uses its defaults.';
  const where = lock === '*' ? 'its "*" entry' : 'an entry for this tool';
  return `Set by your organisation's managed policy (${where}: ${managedMode ?? 'ask'}).`;
}

/** One tool of the registry in the rules editor: what it does, its mode, its rule. */
export function ToolRuleRow({ tool, optIn }: { tool: ToolSummary; optIn: boolean }) {
  const lock = lockOf(tool.name);
  const managed = view.value?.managed.entries ?? {};
  const managedEntry = lock ? (managed[lock] ?? undefined) : undefined;
  const entry = draft.value[tool.name] ?? { mode: 'default' as const, ruleText: '' };
  const mode = managedEntry ? managedEntry.mode : entry.mode;
  const note = alwaysAskNote(tool.alwaysAsk, optIn);
  const error = problemAt(tool.name, 'mode') ?? problemAt(tool.name, null);
  const id = `mode-${tool.name}`;
  const describedBy = [
    note ? `${id}-note` : '',
    lock ? `${id}-lock` : '',
    error ? `${id}-error` : '',
  ]
    .filter(Boolean)
    .join(' ');
  const ruleAllowed =
    (mode === 'ask' || mode === 'once') && !(alwaysAsks(tool.alwaysAsk) && !optIn);
  return (
    <li class={`tool-rule${lock ? ' locked' : ''}`} data-testid={`tool-${tool.name}`}>
      <div class="tool-head">
        <div>
          <h3>
            {tool.label} <code>{tool.name}</code>
          </h3>
          <p class="muted">{tool.cardDescription}</p>
          <span class="badge">{kindLabel(tool.kind, tool.destructive)}</span>
        </div>
        <div class="tool-mode">
          <label for={id}>Mode</label>
          <ModeSelect
            id={id}
            value={mode}
            defaultLabel={defaultLabel(tool)}
            alwaysAsk={tool.alwaysAsk}
            optIn={optIn}
            disabled={lock !== null}
            describedBy={describedBy || undefined}
            invalid={Boolean(error)}
            onChange={(next) => editEntry(tool.name, { mode: next })}
          />
        </div>
      </div>
      <OriginLine tool={tool} />
      {note && (
        <p id={`${id}-note`} class="opt-note">
          {note}
        </p>
      )}
      {lock && (
        <p id={`${id}-lock`} class="opt-lock" data-testid={`lock-${tool.name}`}>
          <span class="badge">Locked</span> {lockText(lock, managedEntry?.mode)}
        </p>
      )}
      {managedEntry?.rule !== undefined && (
        <p class="opt-note">Managed rule: {summarizeRule(managedEntry.rule)}</p>
      )}
      {error && (
        <p id={`${id}-error`} class="field-error" role="alert">
          {error}
        </p>
      )}
      {ruleAllowed && !lock && <RuleEditor tool={tool.name} disabled={false} />}
    </li>
  );
}
