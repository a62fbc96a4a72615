import type { ApprovalCard } from '../../shared/thread-protocol';

type Entity = NonNullable<ApprovalCard['entity']>;

/** C4: the short payload hash, the full one in its tooltip. */
export function HashChip({ short, full }: { short: string; full: string }) {
  return (
    <span class="hash" title={`Payload hash: ${full}`} data-hash={full}>
      <span class="sr-only">Payload hash </span>
      <code>{short}</code>
    </span>
  );
}

/** C1: the entity a card is about, by type and title, with its status. */
export function EntityLine({ entity, badge }: { entity: Entity; badge?: preact.ComponentChild }) {
  return (
    <p class="card-entity">
      <span class="entity-type">{entity.typeLabel}</span>{' '}
      <strong class="entity-title">{entity.title || '(no title)'}</strong>
      {entity.status && <span class={`status status-${entity.status}`}> {entity.status}</span>}
      {badge}
    </p>
  );
}
