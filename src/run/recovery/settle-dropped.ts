import { lostCallText } from '../model-texts';
import type { RunContext } from '../run-context';
import type { RestoreReport } from '../state/run-state-read';
import { t } from '../../i18n';

/**
 * P5, P6: tells about what restoring left out, so nothing is thrown away silently. A
 * dropped call's record (when its id could still be read) is closed: a pending one as
 * `skipped`, an approved one (it may have run) as `failed` with an unknown outcome.
 * The model hears about the dropped call when the turn closes. Returns whether anything
 * changed that must be saved.
 */
export async function settleDropped(run: RunContext, report: RestoreReport): Promise<boolean> {
  if (report.droppedPreviews > 0) {
    run.notice('info', 'preview-dropped', t('worker.notice.previewDropped'));
  }
  for (const dropped of report.droppedCalls) {
    const record = dropped.recordId ? await run.deps.audit.get(dropped.recordId) : undefined;
    if (record?.threadId !== run.threadId) {
      run.notice('warning', 'call-lost', t('worker.notice.storedCallLost'));
      continue;
    }
    const outcome = lostCallText();
    if (record.status === 'pending')
      await run.deps.audit.transition(record.id, 'skipped', { outcome });
    if (record.status === 'approved') {
      await run.deps.audit.transition(record.id, 'failed', {
        outcome,
        error: { code: 'outcome-unknown' },
      });
    }
    run.notice('warning', 'call-lost', t('worker.notice.recordCallLost', { tool: record.tool }));
  }
  return report.droppedCalls.length > 0 || report.droppedPreviews > 0;
}
