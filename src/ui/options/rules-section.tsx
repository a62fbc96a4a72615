import { useEffect } from 'preact/hooks';
import { hasWildcardAllow } from '../../settings/policy-opt-in';
import { PolicyTransfer } from './policy-transfer';
import { RulesSaveBar } from './rules-save-bar';
import { draft, loadError, loadRules, view } from './rules-model';
import { ToolRuleRow } from './tool-rule-row';
import { WildcardEntry } from './wildcard-entry';
import { SiteChooser, SiteRulesPanel } from './site-rules';

/** Issue 7 items 2-3: per-tool modes and rules, managed entries locked (G1-G4, G11). */
export function RulesSection() {
  useEffect(() => void loadRules(), []);
  const current = view.value;
  if (loadError.value)
    return (
      <p class="inline-error" role="alert">
        {loadError.value}
      </p>
    );
  if (!current)
    return (
      <p class="muted" aria-busy="true">
        Loading the rules…
      </p>
    );
  const wildcard = current.managed.entries['*'] ?? draft.value['*'];
  const optIn = wildcard?.mode === 'allow' || hasWildcardAllow(current.managed.entries);
  return (
    <section class="opt-stack" aria-labelledby="rules-title">
      <h2 id="rules-title">Gate rules</h2>
      <p class="opt-hint">
        Every call the agent makes passes these rules before anything runs. Reads run; everything
        with a side effect asks unless you allow it here. Destructive tools, unclassified tools and
        changes that would go live always ask.
      </p>
      <p class="opt-hint">
        Where rules come from, strongest first: your organisation's managed policy, then the site's
        rules (kept on sites with the Countersign plugin, set by their administrators), then this
        browser's rules below, then the defaults. Each tool says which one decides.
      </p>
      <SiteChooser />
      <SiteRulesPanel tools={current.tools} />
      {current.managed.status !== 'none' && (
        <p class="notice" data-testid="managed-banner">
          {current.managed.status === 'ok'
            ? 'Your organisation sets some of these rules by browser policy. Those entries are locked and win over yours.'
            : "Your organisation's browser policy for Countersign cannot be read. Until it is fixed, Countersign ignores all rules and uses its defaults: every side effect asks."}
        </p>
      )}
      {current.problems.length > 0 && (
        <div class="notice warning" role="alert" data-testid="policy-problems">
          <ul>
            {current.problems.map((problem) => (
              <li key={problem}>{problem}</li>
            ))}
          </ul>
        </div>
      )}
      <div class="browser-rules">
        <WildcardEntry />
        <ul class="tool-rules" aria-label="Tools">
          {current.tools.map((tool) => (
            <ToolRuleRow key={tool.name} tool={tool} optIn={optIn} />
          ))}
        </ul>
        <RulesSaveBar />
      </div>
      <PolicyTransfer />
    </section>
  );
}
