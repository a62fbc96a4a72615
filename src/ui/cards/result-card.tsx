import { visibilityText } from '../../cards/card-texts';
import type { ResultCard as Card } from '../../shared/thread-protocol';
import { EntityLine } from './card-head';
import { FieldChange } from './field-change';
import { YamlDiffList } from './yaml-diff-list';

interface Props {
  card: Card;
  publishing: boolean;
  imageOrigins: string[];
  onPublish(recordId: string): void;
}

/**
 * C5, U1, A6: after a write ran, whether visitors see it; for a draft, what differs from
 * the published version, and Publish for accounts allowed to (then "Published."); the
 * settings the write changed, each with its YAML diff.
 */
export function ResultCard({ card, publishing, imageOrigins, onPublish }: Props) {
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
      {card.published ? (
        <p class="published" role="status">
          <span aria-hidden="true">✓ </span>Published.
        </p>
      ) : (
        card.canPublish && (
          <div class="button-row">
            <button
              type="button"
              class="primary"
              disabled={publishing}
              onClick={() => onPublish(card.recordId)}
            >
              {publishing ? 'Publishing…' : 'Publish'}
            </button>
          </div>
        )
      )}
    </article>
  );
}
