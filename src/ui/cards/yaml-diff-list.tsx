import { useEffect, useState } from 'preact/hooks';
import { yamlDiffs, type YamlDiff } from '../../cards/yaml-diff';
import type { ConfigItem } from '../../shared/thread-protocol';

/**
 * C2, A6: one YAML diff per configuration item, keys sorted on both sides. The yaml
 * library loads on first use, so the panel's first paint does not wait for it.
 */
export function YamlDiffList({ items }: { items: ConfigItem[] }) {
  const [diffs, setDiffs] = useState<YamlDiff[] | 'loading' | 'failed'>('loading');
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
  }, [items]);
  if (diffs === 'loading') {
    return (
      <p class="muted small" aria-busy="true">
        <span class="spinner" aria-hidden="true" /> Preparing the settings diff…
      </p>
    );
  }
  if (diffs === 'failed') return <p class="inline-error">The settings diff could not be shown.</p>;
  return (
    <div class="yaml-diffs">
      {diffs.map((diff) => (
        <YamlDiffView key={diff.key} diff={diff} />
      ))}
    </div>
  );
}

const SIGN = { same: ' ', ins: '+', del: '−' } as const;
const SPOKEN = { same: '', ins: 'added: ', del: 'removed: ' } as const;

function YamlDiffView({ diff }: { diff: YamlDiff }) {
  return (
    <figure class="yaml-diff">
      <figcaption>
        <code>{diff.key}</code>
        {diff.deleted && <span class="badge warn">deleted</span>}
        {!diff.before && !diff.deleted && <span class="badge">new</span>}
      </figcaption>
      <pre>
        {diff.lines.map((line, index) => (
          <span key={index} class={`yl yl-${line.kind}`}>
            <span class="sign" aria-hidden="true">
              {SIGN[line.kind]}
            </span>
            {SPOKEN[line.kind] && <span class="sr-only">{SPOKEN[line.kind]}</span>}
            {line.text}
            {'\n'}
          </span>
        ))}
      </pre>
    </figure>
  );
}
