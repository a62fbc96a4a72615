import { shortValue } from '../../cards/format-value';
import type { ApprovalCard } from '../../shared/thread-protocol';
import { safeImageSrc } from '../sanitize';

type Argument = ApprovalCard['args'][number];

/**
 * C3, C6: a call's arguments by name. Long values are cut with the rest behind "Show all";
 * a media argument shows the item's name and, for an image, a thumbnail from the site.
 */
export function ArgsList({ args, imageOrigins }: { args: Argument[]; imageOrigins: string[] }) {
  if (args.length === 0) return <p class="muted small">No arguments.</p>;
  return (
    <dl class="args">
      {args.map((arg) => (
        <div class="arg" key={arg.key}>
          <dt>{arg.key}</dt>
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
  if (!rest) return <span class="arg-value">{text}</span>;
  return (
    <details class="arg-long">
      <summary>
        <span class="arg-value">{text}</span>{' '}
        <span class="muted small">Show all ({rest.toLocaleString('en')} more characters)</span>
      </summary>
      <span class="arg-value">{full}</span>
    </details>
  );
}

function Media({ media, origins }: { media: NonNullable<Argument['media']>; origins: string[] }) {
  const isImage = media.mimeType?.startsWith('image/') ?? false;
  const src = isImage ? safeImageSrc(media.thumbnailUrl, origins) : undefined;
  return (
    <span class="media">
      {src && <img src={src} alt={media.name} width={48} height={48} loading="lazy" />}
      <span>
        {media.name} <span class="muted small">(media #{media.id})</span>
      </span>
    </span>
  );
}
