import type { ThreadItem } from '../../../shared/protocols/thread-protocol';

type ToolStatus = Extract<ThreadItem, { kind: 'tool' }>['status'];

/**
 * How a tool row shows its status: an icon and words (`panel.tool.<status>` in the
 * catalogue), never colour alone.
 */
export const TOOL_STATUS: Record<ToolStatus, { icon: string; tone: string }> = {
  running: { icon: '…', tone: 'busy' },
  pending: { icon: '●', tone: 'warn' },
  approved: { icon: '✓', tone: 'ok' },
  run: { icon: '✓', tone: 'ok' },
  failed: { icon: '✕', tone: 'bad' },
  refused: { icon: '⊘', tone: 'bad' },
  rejected: { icon: '✕', tone: 'bad' },
  skipped: { icon: '↷', tone: 'muted' },
  expired: { icon: '⌛', tone: 'muted' },
};
