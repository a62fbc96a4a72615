import type { ComponentChildren } from 'preact';
import { useEffect, useState } from 'preact/hooks';
import { yamlDiffs, type YamlDiff } from '../../cards/yaml-diff';
import { t } from '../../i18n';
import type { ConfigItem } from '../../shared/protocols/thread-protocol';

/**
 * C2, A6: one YAML diff per configuration item, keys sorted on both sides. The yaml
 * library loads on first use, so the panel's first paint does not wait for it. `around`
 * wraps each item's diff (issue 36: the person's controls for that setting).
 */
export function YamlDiffList({
  items,
  around,
}: {
  items: ConfigItem[];
  around?: (key: string, diff: ComponentChildren) => ComponentChildren;
}) {
  const [diffs, setDiffs] = useState<YamlDiff[] | 'loading' | 'failed'>('loading');
  // The items' values, not the array: a caller may build a new array on every render.
  const signature = JSON.stringify(items);
  useEffect(() => {
    let live = true;
    setDiffs('loading');
    yamlDiffs(items).then(
      (result) => live && setDiffs(result),
      () => live && setDiffs('failed'),
    );
    return () => {
      live = false;
    };
  }, [signature]);
  if (diffs === 'loading') {
    return (
      <p class="muted small" aria-busy="true">
        <span class="spinner" aria-hidden="true" /> {t('cards.yaml.loading')}
      </p>
    );
  }
  if (diffs === 'failed') return <p class="inline-error">{t('cards.yaml.failed')}</p>;
  return (
    <div class="yaml-diffs">
      {diffs.map((diff) =>
        around ? (
          <div key={diff.key}>{around(diff.key, <YamlDiffView diff={diff} />)}</div>
        ) : (
          <YamlDiffView key={diff.key} diff={diff} />
        ),
      )}
    </div>
  );
}

const SIGN = { same: ' ', ins: '+', del: '−' } as const;

function YamlDiffView({ diff }: { diff: YamlDiff }) {
  return (
    <figure class="yaml-diff">
      <figcaption>
        <code data-i18n-exempt="setting name">{diff.key}</code>
        {diff.deleted && <span class="badge warn">{t('cards.yaml.deleted')}</span>}
        {!diff.before && !diff.deleted && <span class="badge">{t('cards.yaml.new')}</span>}
      </figcaption>
      <pre>
        {diff.lines.map((line, index) => (
          <span key={index} class={`yl yl-${line.kind}`}>
            <span class="sign" aria-hidden="true">
              {SIGN[line.kind]}
            </span>
            {line.kind !== 'same' && (
              <span class="sr-only">
                {t(line.kind === 'ins' ? 'cards.diff.added' : 'cards.diff.removed')}{' '}
              </span>
            )}
            <span data-i18n-exempt="setting value">{line.text}</span>
            {'\n'}
          </span>
        ))}
      </pre>
    </figure>
  );
}
