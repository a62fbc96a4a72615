import { visibilityText } from '../../cards/card-texts';
import type { ResultCard as Card } from '../../shared/thread-protocol';
import { EntityLine } from './card-head';
import { FieldChange } from './field-change';
import { YamlDiffList } from './yaml-diff-list';

interface Props {
  card: Card;
  publishing: boolean;
  imageOrigins: string[];
  onPublish(recordId: string, checkedAt?: number): void;
  /** E4: asks for the undo's approval card. */
  onUndo?(recordId: string): void;
}

/**
 * C5, U1, A6: after a write ran, whether visitors see it; for a draft, what differs from
 * the published version, and Publish for accounts allowed to (its approval card comes
 * next; then "Published."); the settings the write changed, each with its YAML diff. When
 * Publish found the draft changed since the card, nothing was proposed: the card says what
 * changed and Publish asks again.
 */
export function ResultCard({ card, publishing, imageOrigins, onPublish, onUndo }: Props) {
  const live = card.visibleToVisitors || card.published === true;
  return (
    <article class={`card result-card ${live ? 'is-live' : 'is-draft'}`} data-testid="result-card">
      <header class="card-head">
        <h3>{card.toolLabel}</h3>
        <span class="muted small">Done</span>
      </header>
      {card.entity && <EntityLine entity={card.entity} />}
      <p class="visibility" data-testid="visibility">
        <span aria-hidden="true">{live ? '◉ ' : '◌ '}</span>
        {card.published && !card.visibleToVisitors
          ? 'Live: visitors see this now'
          : visibilityText(card)}
      </p>
      {card.editor && (
        <p
          class={`editor-note ${card.editor.state === 'updated' && card.editor.differs.length === 0 ? '' : 'is-warning'}`}
          data-testid="editor-result"
          role={card.editor.state === 'updated' ? undefined : 'alert'}
        >
          {card.editor.message}
        </p>
      )}
      {!live && card.draftDiff && card.draftDiff.length > 0 && (
        <section class="draft-diff" aria-label="What differs from the published version">
          <h4>What differs from the published version</h4>
          {card.draftDiff.map((field) => (
            <FieldChange key={field.key} field={field} imageOrigins={imageOrigins} />
          ))}
        </section>
      )}
      {card.configChanges && card.configChanges.length > 0 && (
        <section aria-label="Settings changed">
          <h4>Settings changed</h4>
          <YamlDiffList items={card.configChanges} />
        </section>
      )}
      {!card.published && card.changedSince && (
        <ChangedSince card={card} imageOrigins={imageOrigins} />
      )}
      {card.published ? (
        <p class="published" role="status">
          <span aria-hidden="true">✓ </span>Published.
        </p>
      ) : card.publish?.state === 'asked' ? (
        <p class="small muted" data-testid="publish-state">
          Publish waits for approval below.
        </p>
      ) : (
        <>
          {card.publish?.state === 'refused' && (
            <p class="undo-refused small" role="status" data-testid="publish-state">
              {card.publish.message || 'This draft could not be published.'}
            </p>
          )}
          {card.canPublish && (
            <div class="button-row">
              <button
                type="button"
                class="primary"
                disabled={publishing}
                onClick={() => onPublish(card.recordId, card.checkedAt)}
                title="Publishes this draft as it is now; you approve it first."
              >
                {publishing ? 'Publishing…' : 'Publish'}
              </button>
            </div>
          )}
        </>
      )}
      <UndoRow card={card} busy={publishing} onUndo={onUndo} />
    </article>
  );
}

/** U1, U2: the draft changed after this card was built; Publish would publish it as it is now. */
function ChangedSince({ card, imageOrigins }: { card: Card; imageOrigins: string[] }) {
  const changes = card.changedSince ?? [];
  return (
    <section class="changed-since" role="alert" aria-label="Changed since this card">
      <h4>Not published: this draft changed since this card</h4>
      <p class="small">
        {changes.length > 0
          ? 'Someone saved it after the write above. Check what changed; Publish again asks to publish it as it is now.'
          : 'It may have been saved after the write above. Check it in the editor; Publish again asks to publish it as it is now.'}
      </p>
      {changes.map((field) => (
        <FieldChange
          key={field.key}
          field={field}
          imageOrigins={imageOrigins}
          sides={['As this card had it', 'Now']}
        />
      ))}
    </section>
  );
}

/** E4: Undo while the entity is as this write left it; then what became of the undo. */
function UndoRow({ card, busy, onUndo }: { card: Card; busy: boolean; onUndo?: Props['onUndo'] }) {
  const undo = card.undo;
  if (!undo) return null;
  if (undo.state === 'undone') {
    return (
      <p class="undone" role="status" data-testid="undo-state">
        <span aria-hidden="true">↶ </span>Undone: the earlier state is back.
      </p>
    );
  }
  if (undo.state === 'asked') {
    return (
      <p class="small muted" data-testid="undo-state">
        Undo waits for your approval below.
      </p>
    );
  }
  if (undo.state === 'refused') {
    return (
      <p class="undo-refused small" role="status" data-testid="undo-state">
        {undo.message || 'This change can no longer be undone.'}
      </p>
    );
  }
  return (
    onUndo && (
      <div class="button-row">
        <button
          type="button"
          disabled={busy}
          onClick={() => onUndo(card.recordId)}
          title="Puts back what this change replaced; you approve it first."
        >
          {busy ? 'Preparing the undo…' : 'Undo'}
        </button>
      </div>
    )
  );
}
