import { formatDateTime, t } from '../../../i18n';
import { useEffect, useRef } from 'preact/hooks';
import type { AuditRecordView } from '../../../shared/protocols/options-protocol';
import type { SiteRecordView } from '../../../shared/protocols/options-site-audit-view';
import { decidedByText, prettyJson } from '../record-words';

function classificationText(c: AuditRecordView['classification']): string {
  if (c === null) return t('optionsAudit.record.unclassified');
  const parts = [
    c.kind,
    c.destructive ? t('optionsAudit.record.destructive') : '',
    c.whole ? t('optionsAudit.record.whole') : '',
  ];
  if (c.draft !== undefined)
    parts.push(c.draft ? t('optionsAudit.record.draft') : t('optionsAudit.record.live'));
  return parts.filter(Boolean).join(', ');
}

/** The owner by the name the site sent with its id, or by the id alone. */
function ownerText(owner: { userId: string; displayName?: string }): string {
  return owner.displayName
    ? t('optionsAudit.record.ownerNamed', { name: owner.displayName, id: owner.userId })
    : t('optionsAudit.record.ownerId', { id: owner.userId });
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
        <dd data-i18n-exempt="a record's own values (ids, hashes, the tool's words)">{value}</dd>
      </>
    ) : null;
  return (
    <section class="opt-card opt-record" aria-labelledby="record-title" data-testid="audit-record">
      <div class="record-head">
        <h3 id="record-title" tabIndex={-1} ref={heading}>
          <code data-i18n-exempt="a tool's name">{record.tool}</code> ·{' '}
          <span data-i18n-exempt="a record's stored status">{record.status}</span>
        </h3>
        <button type="button" onClick={onClose}>
          {t('common.action.close')}
        </button>
      </div>
      <dl>
        {row(t('optionsAudit.record.record'), record.id)}
        {row(t('optionsAudit.record.when'), formatDateTime(record.createdAt))}
        {row(t('optionsAudit.record.thread'), record.threadId)}
        {row(
          t('optionsAudit.record.owner'),
          t('optionsAudit.record.ownerAt', {
            owner: ownerText(record.owner),
            origin: record.owner.siteOrigin,
          }),
        )}
        {row(t('optionsAudit.record.payloadHash'), record.payloadHash)}
        {row(t('optionsAudit.record.classification'), classificationText(record.classification))}
        {row(t('optionsAudit.record.mode'), record.mode)}
        {row(
          t('optionsAudit.record.decidedBy'),
          record.decidedBy === null ? null : decidedByText(record),
        )}
        {row(
          t('optionsAudit.record.decidedAt'),
          record.decidedAt === null ? null : formatDateTime(record.decidedAt),
        )}
        {row(t('optionsAudit.record.outcome'), record.outcome)}
        {row(t('optionsAudit.record.result'), record.resultSummary)}
        {row(
          t('optionsAudit.record.error'),
          record.error
            ? `${record.error.code}${record.error.class ? ` (${record.error.class})` : ''}`
            : null,
        )}
      </dl>
      {record.approvedEdit ? (
        <>
          <h4>{t('optionsAudit.record.edited')}</h4>
          <dl>
            {row(t('optionsAudit.record.fieldsChanged'), record.approvedEdit.fields.join(', '))}
            {row(t('optionsAudit.record.approvedHash'), record.approvedEdit.payloadHash)}
          </dl>
          <h4>{t('optionsAudit.record.approvedInput')}</h4>
          <pre
            data-i18n-exempt="the call's input as stored"
            class="opt-code"
            data-testid="approved-input"
          >
            {prettyJson(record.approvedEdit.input)}
          </pre>
          <h4>{t('optionsAudit.record.proposedInput')}</h4>
        </>
      ) : (
        <h4>{t('optionsAudit.record.input')}</h4>
      )}
      <pre data-i18n-exempt="the call's input as stored" class="opt-code">
        {prettyJson(record.input)}
      </pre>
      {record.reasoning && (
        <>
          <h4>{t('optionsAudit.record.reasoning')}</h4>
          <pre class="opt-prose" data-i18n-exempt="the model's words">
            {record.reasoning}
          </pre>
        </>
      )}
      {record.configChanges && record.configChanges.length > 0 && (
        <>
          <h4>{t('optionsAudit.record.config')}</h4>
          <pre data-i18n-exempt="the call's input as stored" class="opt-code">
            {prettyJson(record.configChanges)}
          </pre>
        </>
      )}
      <h4>{t('optionsAudit.record.history')}</h4>
      <ol class="opt-history">
        {record.history.map((step, i) => (
          <li key={i}>
            <time dateTime={new Date(step.at).toISOString()}>{formatDateTime(step.at)}</time>:{' '}
            <span data-i18n-exempt="a record's stored status">{step.status}</span>
            {step.by ? t('optionsAudit.record.by', { who: personText(record, step.by) }) : ''}
          </li>
        ))}
      </ol>
    </section>
  );
}
