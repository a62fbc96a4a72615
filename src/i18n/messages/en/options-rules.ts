/** The options page's gate rules: this browser's, the site's, and where each comes from. */
export const optionsRules = {
  loading: 'Loading the rules…',
  title: 'Gate rules',
  intro:
    'Every call the agent makes passes these rules before anything runs. Reads run; everything with a side effect asks unless you allow it here. Destructive tools, unclassified tools and changes that would go live always ask.',
  sources:
    "Where rules come from, strongest first: your organisation's managed policy, then the site's rules (kept on sites with the Countersign plugin, set by their administrators), then this browser's rules below, then the defaults. Each tool says which one decides.",
  managedOk:
    'Your organisation sets some of these rules by browser policy. Those entries are locked and win over yours.',
  managedBroken:
    "Your organisation's browser policy for Countersign cannot be read. Until it is fixed, Countersign ignores all rules and uses its defaults: every side effect asks.",
  tools: 'Tools',
  // The save bar.
  problems: 'Problems',
  saving: 'Saving…',
  save: 'Save rules',
  discard: 'Discard changes',
  unsaved: 'Unsaved changes.',
  lastSaved: 'Last saved {when}.',
  fixEntries: 'Nothing was saved: fix the entries marked below.',
  saved: 'Saved. The gate applies these rules to the next call.',
  notSaved: 'Nothing was saved. {reason}',
  notJson: 'The rule is not valid JSON{detail}.',
  // Modes.
  'mode.label': 'Mode',
  'mode.allow': 'Allow: runs without asking',
  'mode.once': 'Once: asks the first call in each thread',
  'mode.ask': 'Ask: asks every call',
  'mode.deny': 'Deny: refused',
  'mode.blocked': '{mode} (not possible here, see below)',
  'mode.defaultAllow': 'Default: allow (reads run)',
  'mode.defaultAsk': 'Default: ask',
  'mode.sameAsWildcard': 'Same as every other tool ("*": {mode})',
  // Where a tool's rule comes from (G11).
  'origin.managed': "Your organisation's managed policy",
  'origin.site': 'This site',
  'origin.siteFailed': 'This site (its rule cannot be read, so it asks)',
  'origin.browser': 'This browser',
  'origin.default': 'Default',
  'origin.decides': 'decides',
  'origin.on': ' on {site}',
  'origin.wildcard': ' (its rule for every tool)',
  'origin.browserOnlyElsewhere':
    ". This browser's entry applies only on sites without a rule for this tool.",
  'lock.badge': 'Locked',
  'lock.invalid': 'The managed policy cannot be read, so Countersign uses its defaults.',
  'lock.wildcard': 'Set by your organisation\'s managed policy (its "*" entry: {mode}).',
  'lock.tool': "Set by your organisation's managed policy (an entry for this tool: {mode}).",
  managedRule: 'Managed rule: {rule}',
  // Why some calls ask whatever the mode (G2).
  'always.optIn':
    'The "*": "allow" opt-in is on: this tool no longer asks by itself; its entry decides.',
  'always.unclassified':
    'This tool has no classification, so every call asks. Only ask or deny can be set.',
  'always.destructive':
    'This tool is destructive, so every call asks, whatever the mode. Only ask or deny can be set.',
  'always.liveWrite':
    'Every call of this tool goes live (it cannot land as a draft), so every call asks. Only ask or deny can be set.',
  'always.liveUnlessDraft':
    'Calls that would go live always ask. Calls that land as a draft follow the mode and rule set here.',
  'kind.unclassified': 'unclassified',
  'kind.read': 'read',
  'kind.write': 'write',
  'kind.run': 'run',
  'kind.send': 'send',
  'kind.delete': 'delete',
  'kind.destructive': '{kind}, destructive',
  // The auto-approval rule (G4).
  'rule.summary': 'Auto-approval rule',
  'rule.set': ' (set)',
  'rule.label': 'Approve without asking when (JSON-Logic over input and facts)',
  'rule.none': 'No rule: every call of this tool asks (as the mode says).',
  'rule.notJsonYet': 'The rule is not valid JSON yet.',
  'rule.useExample': 'Use the example: the entry is a draft',
  'try.label': 'Try it on a sample call',
  'try.hint':
    "The call's input, and the facts Countersign reads first (such as facts.entity.status).",
  'try.button': 'Try it',
  'try.allow': 'Runs without a card',
  'try.ask': 'Asks (a card)',
  'try.deny': 'Refused',
  'try.approves': 'The rule approves this call.',
  'try.doesNotApprove': 'The rule does not approve this call.',
  'try.noRule': 'No rule.',
  'try.inputProblem': 'Note: the tool would refuse this sample: {problem}',
  'try.notJson': 'The sample call is not valid JSON{detail}.',
  // The "*" entry.
  'wildcard.title': 'Every other tool',
  'wildcard.label': 'Mode for tools without an entry of their own',
  'wildcard.default': 'No entry: reads run, everything else asks',
  'wildcard.locked': "Locked by your organisation's managed policy.",
  'wildcard.hint':
    'Allow here is the one opt-in that also lets destructive, unclassified and live calls run without asking. It is never a default.',
  'wildcard.warningStrong': 'Every call would run without asking',
  'wildcard.warning':
    ', including deleting content and publishing live changes, except tools whose own entry says otherwise. The audit log records who turned this on.',
  'wildcard.confirm': 'To confirm, type:',
  // Export and import.
  'transfer.title': 'Export and import',
  'transfer.export': 'Export rules (JSON)',
  'transfer.import': 'Import a rules file',
  'transfer.nothing': 'Nothing was imported:',
  'transfer.loaded': {
    one: 'Loaded {count} entry from {file}. Nothing is applied until you save.',
    other: 'Loaded {count} entries from {file}. Nothing is applied until you save.',
  },
  // A site's own rules (G11).
  'site.show': 'Show the rules that apply on',
  'site.withoutPlugin': "Sites without the Countersign plugin (this browser's rules only)",
  'site.unreadable': 'cannot be read, so it asks',
  'site.unreadableBadge': ' cannot be read',
  'site.noRule': "No site rule (each browser's rules apply)",
  'site.ruleLabel': 'Site rule for {tool} (JSON-Logic, optional)',
  'site.rulePlaceholder': 'Optional rule that approves matching calls, e.g. {example}',
  'site.title': 'Rules of {site}',
  'site.intro':
    "The site's rules apply to everyone who uses Countersign on this site, and win over the rules of each browser. Only your organisation's managed policy is stronger.",
  'site.limits':
    'A site may tighten every tool, and may relax single tools, but it can never let destructive calls, tools without a classification or changes that go live run without asking: those always ask, whatever the site says. Only your own rules here (confirmed in typed words) or your organisation\'s managed policy can set "every call without asking".',
  'site.reading': "Reading the site's rules…",
  'site.noPlugin': "This site has no Countersign plugin: only each browser's rules apply.",
  'site.version': 'Version {version}',
  'site.noVersion': 'No site rules saved yet',
  'site.changed': ', changed {when}',
  'site.by': ' by {name}',
  'site.adminsOnly': " Only the site's administrators can change them.",
  'site.listLabel': 'Site rules',
  'site.none': "The site sets no rules: each browser's rules apply.",
  'site.save': "Save the site's rules",
  'site.unsaved': 'Unsaved changes to the site rules.',
  'site.fix': "Nothing was saved: fix the site's rules marked below.",
  'site.saved': "Saved on the site. Everyone's next call on this site follows these rules.",
  'site.stale':
    "Someone changed the site's rules since you opened them; here they are now. Nothing was saved: make your change again.",
} as const;
