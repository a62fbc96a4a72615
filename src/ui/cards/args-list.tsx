import { shortValue } from '../../cards/format-value';
import { t } from '../../i18n';
import type { ApprovalCard } from '../../shared/protocols/thread-protocol';
import { safeImageSrc } from '../sanitize';

type Argument = ApprovalCard['args'][number];

/**
 * C3, C6: a call's arguments by name. Long values are cut with the rest behind "Show all";
 * a media argument shows the item's name and, for an image, a thumbnail from the site.
 */
export function ArgsList({ args, imageOrigins }: { args: Argument[]; imageOrigins: string[] }) {
  if (args.length === 0) return <p class="muted small">{t('cards.args.none')}</p>;
  return (
    <dl class="args">
      {args.map((arg) => (
        <div class="arg" key={arg.key}>
          <dt data-i18n-exempt="argument name">{arg.key}</dt>
          <dd>
            {arg.media ? (
              <Media media={arg.media} origins={imageOrigins} />
            ) : (
              <Value value={arg.value} />
            )}
          </dd>
        </div>
      ))}
    </dl>
  );
}

function Value({ value }: { value: unknown }) {
  const { text, rest, full } = shortValue(value);
  if (!rest) {
    return (
      <span class="arg-value" data-i18n-exempt="value">
        {text}
      </span>
    );
  }
  return (
    <details class="arg-long">
      <summary>
        <span class="arg-value" data-i18n-exempt="value">
          {text}
        </span>{' '}
        <span class="muted small">{t('cards.args.showAll', { count: rest })}</span>
      </summary>
      <span class="arg-value" data-i18n-exempt="value">
        {full}
      </span>
    </details>
  );
}

function Media({ media, origins }: { media: NonNullable<Argument['media']>; origins: string[] }) {
  const isImage = media.mimeType?.startsWith('image/') ?? false;
  const src = isImage ? safeImageSrc(media.thumbnailUrl, origins) : undefined;
  return (
    <span class="media">
      {src && (
        <img
          src={src}
          alt={media.name}
          width={48}
          height={48}
          loading="lazy"
          data-i18n-exempt="media name"
        />
      )}
      <span>
        <span data-i18n-exempt="media name">{media.name}</span>{' '}
        <span class="muted small">{t('cards.media.id', { id: media.id })}</span>
      </span>
    </span>
  );
}
