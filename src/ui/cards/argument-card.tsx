import { t } from '../../i18n';
import type { ApprovalCard } from '../../shared/protocols/thread-protocol';

type ArgumentCard = NonNullable<ApprovalCard['argumentCard']>;

/**
 * C4, for a tool that lists its own arguments (a site's ability): each argument by the title
 * its schema gives, with its description, and the value as text (Preact escapes it: a value,
 * a title or a note from the site is never markup). Below them, what the person must know
 * that the site does not say: when it checks permission, and what it does not declare.
 */
export function ArgumentCardList({ data }: { data: ArgumentCard }) {
  return (
    <div class="argument-card" data-testid="argument-card">
      {data.arguments.length === 0 ? (
        <p class="muted small">{t('cards.arguments.none')}</p>
      ) : (
        <dl class="args" data-i18n-exempt="the site's argument names, descriptions and values">
          {data.arguments.map((arg) => (
            <div class="arg" key={arg.key}>
              <dt>
                {arg.title}
                {arg.title !== arg.key && arg.key && <span class="muted small"> ({arg.key})</span>}
              </dt>
              {arg.description && <dd class="muted small arg-description">{arg.description}</dd>}
              <dd>
                <span class="arg-value">{arg.value}</span>
              </dd>
              {arg.entity && <EntityName entity={arg.entity} />}
            </div>
          ))}
        </dl>
      )}
      {data.notes.length > 0 && (
        <ul class="card-notes small" aria-label={t('cards.arguments.notes')}>
          {data.notes.map((note) => (
            <li key={note}>{note}</li>
          ))}
        </ul>
      )}
    </div>
  );
}

type Named = NonNullable<ArgumentCard['arguments'][number]['entity']>;

/** C3: the entity an id argument names, by its name as the person may read it on the site. */
function EntityName({ entity }: { entity: Named }) {
  if (entity.name === undefined) {
    return <dd class="muted small arg-entity">{t('cards.arguments.entity.unread')}</dd>;
  }
  return (
    <dd class="arg-entity" data-testid="arg-entity">
      <span class="muted">{t(`cards.arguments.entity.${entity.kind}`)}</span>{' '}
      <bdi class="entity-name">{entity.name}</bdi>
    </dd>
  );
}
