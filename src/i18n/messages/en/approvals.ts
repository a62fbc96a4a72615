/** The approvals view for second approvers. */
export const approvals = {
  title: 'Waiting for your approval',
  'list.label': 'Calls waiting for you',
  'list.loading': 'Asking your sites…',
  'list.empty': 'Nothing waits for your approval.',
  'together.hint': 'Tick two or more to decide them together.',
  'together.choose': 'Decide together: {tool}',
  'together.reading': 'Reading the {count} calls you chose…',
  'together.intro':
    '{count} calls to decide together. Each shows what it would change; tick those you approve. The others are rejected, with your note.',
  'together.heading': 'Also chosen',
  'together.closed':
    '“{tool}” was decided, withdrawn or expired since you chose it; it is left out.',
  requestedBy: 'Requested by {name}',
  'open.notWaiting':
    'This call is not waiting for you: someone may have decided it, the requester may have withdrawn it, or approving it needs a capability your account does not have.',
  'open.opening': 'Opening the call…',
  withheld: 'You may not read this entry, so its current values and preview are withheld.',
  'status.approved': "Approved by {name}. The requester's browser runs or drops it.",
  'status.rejected': "Rejected by {name}. The requester's browser runs or drops it.",
  'status.someone': 'someone',
  'status.cannotDecide':
    'You cannot decide this call: you asked for it, or you lack the capability it needs.',
  'status.expired': 'This call expired before anyone decided it; it did not run.',
  'status.withdrawn': 'The requester withdrew this call; it will not run.',
  'card.reason': 'The site asks a second person to approve this call.',
  'card.unreadable': 'The card data the site holds could not be read; only the tool is shown.',
} as const;
