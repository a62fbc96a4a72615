/** The approvals view for second approvers. */
export const approvals = {
  title: 'Waiting for your approval',
  'list.label': 'Calls waiting for you',
  'list.loading': 'Asking your sites…',
  'list.empty': 'Nothing waits for your approval.',
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
