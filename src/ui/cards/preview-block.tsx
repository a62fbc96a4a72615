import { previewTexts } from '../../cards/card-texts';
import { t } from '../../i18n';
import type { ApprovalCard } from '../../shared/protocols/thread-protocol';

/**
 * P2-P4, P7: what the call would replace, as the run captured it; or why there is none
 * ("No preview: you are deciding without one", or withheld from this viewer).
 */
export function PreviewBlock({ preview }: { preview: ApprovalCard['preview'] }) {
  const { lines, notes } = previewTexts(preview);
  // The standard notes are the card's own words; any other note comes from the run.
  const own = [t('cards.preview.none'), t('cards.preview.withheld'), t('cards.preview.captured')];
  if (lines.length === 0 && notes.length === 0) return null;
  return (
    <section class={`preview preview-${preview.state}`} aria-label={t('cards.preview.title')}>
      <h4>{t('cards.preview.title')}</h4>
      {lines.length > 0 && (
        <ul class="preview-lines" data-i18n-worker>
          {lines.map((line, index) => (
            <li key={index}>{line}</li>
          ))}
        </ul>
      )}
      {notes.map((note) => (
        <p class="preview-note" key={note} data-i18n-worker={own.includes(note) ? undefined : true}>
          {preview.state === 'failed' || preview.state === 'withheld' ? (
            <span aria-hidden="true">⚠ </span>
          ) : null}
          {note}
        </p>
      ))}
    </section>
  );
}
