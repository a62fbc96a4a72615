import { useEffect, useRef } from 'preact/hooks';
import type { AuditRecordView } from '../../shared/options-protocol';
import type { SiteRecordView } from '../../shared/options-site-audit-view';
import { decidedByText, formatTime, prettyJson } from './format';

function classificationText(c: AuditRecordView['classification']): string {
  if (c === null) return 'unclassified';
  const parts = [c.kind, c.destructive ? 'destructive' : '', c.whole ? 'whole state' : ''];
  if (c.draft !== undefined) parts.push(c.draft ? 'lands as a draft' : 'goes live');
  return parts.filter(Boolean).join(', ');
}

/** The owner by the name the site sent with its id, or by the id alone. */
function ownerText(owner: { userId: string; displayName?: string }): string {
  return owner.displayName ? `${owner.displayName} (user ${owner.userId})` : `user ${owner.userId}`;
}

/** Who took a step of the record: named as the site named the owner or the decider. */
function personText(record: AuditRecordView | SiteRecordView, by: string): string {
  const named = 'decidedByName' in record && by === record.decidedBy;
  return decidedByText({
    decidedBy: by,
    owner: record.owner,
    decidedByName: named ? record.decidedByName : undefined,
  });
}

/** A1: one record in full. Everything is shown as text: input and reasoning may come from the model (S1). */
export function AuditRecord({
  record,
  onClose,
}: {
  /** A record of this browser's audit, or of the site's (which names the people). */
  record: AuditRecordView | SiteRecordView;
  onClose: () => void;
}) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), [record.id]);
  const row = (label: string, value: string | undefined | null) =>
    value ? (
      <>
        <dt>{label}</dt>
        <dd>{value}</dd>
      </>
    ) : null;
  return (
    <section class="opt-card opt-record" aria-labelledby="record-title" data-testid="audit-record">
      <div class="record-head">
        <h3 id="record-title" tabIndex={-1} ref={heading}>
          <code>{record.tool}</code> · {record.status}
        </h3>
        <button type="button" onClick={onClose}>
          Close
        </button>
      </div>
      <dl>
        {row('Record', record.id)}
        {row('When', formatTime(record.createdAt))}
        {row('Thread', record.threadId)}
        {row('Owner', `${ownerText(record.owner)} at ${record.owner.siteOrigin}`)}
        {row('Payload hash', record.payloadHash)}
        {row('Classification', classificationText(record.classification))}
        {row('Approval mode', record.mode)}
        {row('Decided by', record.decidedBy === null ? null : decidedByText(record))}
        {row('Decided at', record.decidedAt === null ? null : formatTime(record.decidedAt))}
        {row('Outcome', record.outcome)}
        {row('Result', record.resultSummary)}
        {row(
          'Error',
          record.error
            ? `${record.error.code}${record.error.class ? ` (${record.error.class})` : ''}`
            : null,
        )}
      </dl>
      {record.approvedEdit ? (
        <>
          <h4>Approved with the person's edits</h4>
          <dl>
            {row('Fields changed', record.approvedEdit.fields.join(', '))}
            {row('Approved payload hash', record.approvedEdit.payloadHash)}
          </dl>
          <h4>Input the person approved (what ran)</h4>
          <pre class="opt-code" data-testid="approved-input">
            {prettyJson(record.approvedEdit.input)}
          </pre>
          <h4>Input the agent proposed</h4>
        </>
      ) : (
        <h4>Input</h4>
      )}
      <pre class="opt-code">{prettyJson(record.input)}</pre>
      {record.reasoning && (
        <>
          <h4>The model's reasoning</h4>
          <pre class="opt-prose">{record.reasoning}</pre>
        </>
      )}
      {record.configChanges && record.configChanges.length > 0 && (
        <>
          <h4>Configuration changed</h4>
          <pre class="opt-code">{prettyJson(record.configChanges)}</pre>
        </>
      )}
      <h4>History</h4>
      <ol class="opt-history">
        {record.history.map((step, i) => (
          <li key={i}>
            {formatTime(step.at)}: {step.status}
            {step.by ? ` by ${personText(record, step.by)}` : ''}
          </li>
        ))}
      </ol>
    </section>
  );
}
