import type { ThreadItem } from '../../../shared/thread-protocol';

type ToolStatus = Extract<ThreadItem, { kind: 'tool' }>['status'];

/** How a tool row shows its status: an icon and words, never colour alone. */
export const TOOL_STATUS: Record<ToolStatus, { icon: string; text: string; tone: string }> = {
  running: { icon: '…', text: 'Running', tone: 'busy' },
  pending: { icon: '●', text: 'Waiting for your decision', tone: 'warn' },
  approved: { icon: '✓', text: 'Approved', tone: 'ok' },
  run: { icon: '✓', text: 'Done', tone: 'ok' },
  failed: { icon: '✕', text: 'Failed', tone: 'bad' },
  refused: { icon: '⊘', text: 'Refused', tone: 'bad' },
  rejected: { icon: '✕', text: 'Rejected', tone: 'bad' },
  skipped: { icon: '↷', text: 'Skipped', tone: 'muted' },
  expired: { icon: '⌛', text: 'Expired', tone: 'muted' },
};
