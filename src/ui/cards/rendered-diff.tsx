import { useMemo } from 'preact/hooks';
import { renderedDiffHtml } from '../../cards/html-diff';
import { t } from '../../i18n';
import type { FieldChange } from '../../shared/protocols/thread-protocol';
import { sanitizeHtml } from '../sanitize';

/**
 * An HTML field as it would look: the proposed rendering with removed words struck and
 * added words underlined, through the one sanitize function (C1, S1). WordPress's own
 * rendering is used when the card has it, the raw values otherwise.
 */
export function RenderedDiff({
  field,
  imageOrigins,
}: {
  field: FieldChange;
  imageOrigins: string[];
}) {
  const before = field.currentRendered ?? field.current;
  const after = field.proposedRendered ?? field.proposed;
  const html = useMemo(() => {
    const marked = renderedDiffHtml(before, after);
    return {
      marked: marked !== undefined,
      safe: sanitizeHtml(marked ?? after, { imageOrigins }),
    };
  }, [before, after, imageOrigins.join(' ')]);
  return (
    <div class="rendered-wrap">
      {!html.marked && <p class="muted small">{t('cards.field.tooLarge')}</p>}
      <div
        class="rendered"
        aria-label={t('cards.field.renderedLabel', { field: field.label })}
        role="group"
        data-i18n-exempt="site content"
        dangerouslySetInnerHTML={{ __html: html.safe }}
      />
    </div>
  );
}
