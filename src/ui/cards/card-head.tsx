import { t } from '../../i18n';
import type { ApprovalCard } from '../../shared/protocols/thread-protocol';
import { statusLabel } from '../../i18n';

type Entity = NonNullable<ApprovalCard['entity']>;

/** C4: the short payload hash, the full one in its tooltip. */
export function HashChip({ short, full }: { short: string; full: string }) {
  return (
    <span class="hash" title={t('cards.hash.title', { hash: full })} data-hash={full}>
      <span class="sr-only">{t('cards.hash.label')} </span>
      <code data-i18n-exempt="hash">{short}</code>
    </span>
  );
}

/** C1: the entity a card is about, by type and title, with its status. */
export function EntityLine({ entity, badge }: { entity: Entity; badge?: preact.ComponentChild }) {
  return (
    <p class="card-entity">
      <span class="entity-type" data-i18n-exempt="the site's own name of the type">
        {entity.typeLabel}
      </span>{' '}
      {entity.title ? (
        <strong class="entity-title" data-i18n-exempt="site title">
          {entity.title}
        </strong>
      ) : (
        <strong class="entity-title">{t('cards.entity.noTitle')}</strong>
      )}
      {entity.status && (
        <span class={`status status-${entity.status}`}> {statusLabel(entity.status)}</span>
      )}
      {badge}
    </p>
  );
}
