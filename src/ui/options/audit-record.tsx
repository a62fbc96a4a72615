import { useEffect, useRef } from 'preact/hooks';
import type { AuditRecordView } from '../../shared/options-protocol';
import { formatTime, prettyJson } from './format';

function classificationText(c: AuditRecordView['classification']): string {
  if (c === null) return 'unclassified';
  const parts = [c.kind, c.destructive ? 'destructive' : '', c.whole ? 'whole state' : ''];
  if (c.draft !== undefined) parts.push(c.draft ? 'lands as a draft' : 'goes live');
  return parts.filter(Boolean).join(', ');
}

/** A1: one record in full. Everything is shown as text: input and reasoning may come from the model (S1). */
export function AuditRecord({ record, onClose }: { record: AuditRecordView; onClose: () => void }) {
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
        {row('Owner', `${record.owner.userId} at ${record.owner.siteOrigin}`)}
        {row('Payload hash', record.payloadHash)}
        {row('Classification', classificationText(record.classification))}
        {row('Approval mode', record.mode)}
        {row('Decided by', record.decidedBy)}
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
      <h4>Input</h4>
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
            {step.by ? ` by ${step.by}` : ''}
          </li>
        ))}
      </ol>
    </section>
  );
}
