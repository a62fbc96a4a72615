/**
 * The options page's list of what a site adds to the tools (WordPress 6.9+: its abilities),
 * and where each one's class came from: its plugin author's annotations, read only to ask
 * more often.
 */
export const optionsAbilities = {
  title: 'Abilities of {site}',
  intro:
    "Plugins on this site offer these abilities; the agent may call each one, and each call passes the gate like any tool. What an ability does is what its plugin's author says (its annotations). Countersign reads those claims only to ask more often, never less. A rule here applies on every site that offers an ability of that name.",
  reading: 'Reading the abilities of {site} as you…',
  noTab:
    'To list the abilities of {site}, open its admin in a tab, signed in as you. They are read with your own session, so you see the ones you may use.',
  readAgain: 'Read again',
  none: '{site} offers no abilities you may use (it may run a WordPress older than 6.9).',
  count: { one: '{count} ability', other: '{count} abilities' },
  ungrouped: 'Without a category',
  claims: 'Its plugin says:',
  'claim.readonly': 'read-only',
  'claim.notReadonly': 'not read-only',
  'claim.destructive': 'destructive',
  'claim.notDestructive': 'not destructive',
  'claim.idempotent': 'safe to repeat',
  'claim.notIdempotent': 'not safe to repeat',
  'claim.nothing': 'nothing (no annotations)',
  'why.read': 'So it only reads: it runs without asking unless a rule says otherwise.',
  'why.write': 'So it is a write: every call asks.',
  'why.destructive': 'So it is destructive: every call asks.',
  'why.contradicts':
    'It says both read-only and destructive; Countersign takes the stricter: destructive, every call asks.',
  'why.destructiveUnsaid':
    'It does not say it is not destructive, so Countersign counts it destructive: every call asks.',
  'why.unclassified':
    'Nothing is known of what it does, so it is unclassified: every call asks, whatever a rule says.',
  'why.site.read':
    "This site's rules class it as only reading: it runs without asking unless a rule says otherwise.",
  'why.site.write': "This site's rules class it as a write: every call asks.",
  'why.site.destructive': "This site's rules class it as destructive: every call asks.",
  'why.retry':
    'If the browser stops while it runs, Countersign may send it once more, as its author says repeating it is safe.',
  'why.noRetry':
    'If the browser stops while it runs, Countersign never sends it again: it asks you to check the site.',
} as const;
