/** The options page. */
export const options = {
  'page.skip': 'Skip to content',
  'page.title': 'Countersign settings',
  'page.intro':
    "For admins: the agent's connection, the rules every call passes, and the record of what happened.",
  'page.nav': 'Settings sections',
  'nav.connection': 'Connection',
  'nav.rules': 'Gate rules',
  'nav.audit': 'Audit log',
  'nav.sync': 'Site audit',
  'nav.refused': 'Refused calls',
  'nav.retention': 'Retention & expiry',
  'language.saving': 'Saving…',
  'language.failed': 'The language could not be saved: {reason}',
} as const;
