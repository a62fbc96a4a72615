import { visibilityText } from '../../cards/card-texts';
import { t } from '../../i18n';
import type { ResultCard as Card } from '../../shared/protocols/thread-protocol';
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
        <h3 data-i18n-worker>{card.toolLabel}</h3>
        <span class="muted small">{t('cards.result.done')}</span>
      </header>
      {card.entity && <EntityLine entity={card.entity} />}
      <p class="visibility" data-testid="visibility">
        <span aria-hidden="true">{live ? '◉ ' : '◌ '}</span>
        {card.published && !card.visibleToVisitors ? (
          t('cards.result.live')
        ) : card.visibilityText ? (
          <span data-i18n-worker>{card.visibilityText}</span>
        ) : (
          visibilityText(card)
        )}
      </p>
      {card.editor && (
        <p
          class={`editor-note ${card.editor.state === 'updated' && card.editor.differs.length === 0 ? '' : 'is-warning'}`}
          data-testid="editor-result"
          role={card.editor.state === 'updated' ? undefined : 'alert'}
          {...(card.editor.note
            ? { 'data-i18n-worker': true }
            : { 'data-i18n-pending': "the editor's note is also the model's; one text for both" })}
        >
          {card.editor.note ?? card.editor.message}
        </p>
      )}
      {!live && card.draftDiff && card.draftDiff.length > 0 && (
        <section class="draft-diff" aria-label={t('cards.result.draftDiff')}>
          <h4>{t('cards.result.draftDiff')}</h4>
          {card.draftDiff.map((field) => (
            <FieldChange key={field.key} field={field} imageOrigins={imageOrigins} />
          ))}
        </section>
      )}
      {card.configChanges && card.configChanges.length > 0 && (
        <section aria-label={t('cards.result.settingsChanged')}>
          <h4>{t('cards.result.settingsChanged')}</h4>
          <YamlDiffList items={card.configChanges} />
        </section>
      )}
      {!card.published && card.changedSince && (
        <ChangedSince card={card} imageOrigins={imageOrigins} />
      )}
      {card.published ? (
        <p class="published" role="status">
          <span aria-hidden="true">✓ </span>
          {t('cards.result.published')}
        </p>
      ) : card.publish?.state === 'asked' ? (
        <p class="small muted" data-testid="publish-state">
          {t('cards.result.publishWaits')}
        </p>
      ) : (
        <>
          {card.publish?.state === 'refused' && (
            <p class="undo-refused small" role="status" data-testid="publish-state">
              {card.publish.message ? (
                <span data-i18n-worker>{card.publish.message}</span>
              ) : (
                t('cards.result.publishRefused')
              )}
            </p>
          )}
          {card.canPublish && (
            <div class="button-row">
              <button
                type="button"
                class="primary"
                disabled={publishing}
                onClick={() => onPublish(card.recordId, card.checkedAt)}
                title={t('cards.action.publishTitle')}
              >
                {publishing ? t('cards.action.publishing') : t('cards.action.publish')}
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
    <section class="changed-since" role="alert" aria-label={t('cards.changedSince.label')}>
      <h4>{t('cards.changedSince.title')}</h4>
      <p class="small">
        {changes.length > 0 ? t('cards.changedSince.saved') : t('cards.changedSince.maybe')}
      </p>
      {changes.map((field) => (
        <FieldChange
          key={field.key}
          field={field}
          imageOrigins={imageOrigins}
          sides={[t('cards.changedSince.asCard'), t('cards.changedSince.now')]}
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
        <span aria-hidden="true">↶ </span>
        {t('cards.undo.done')}
      </p>
    );
  }
  if (undo.state === 'asked') {
    return (
      <p class="small muted" data-testid="undo-state">
        {t('cards.undo.waits')}
      </p>
    );
  }
  if (undo.state === 'refused') {
    return (
      <p class="undo-refused small" role="status" data-testid="undo-state">
        {undo.message ? <span data-i18n-worker>{undo.message}</span> : t('cards.undo.refused')}
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
          title={t('cards.action.undoTitle')}
        >
          {busy ? t('cards.action.undoing') : t('cards.action.undo')}
        </button>
      </div>
    )
  );
}
