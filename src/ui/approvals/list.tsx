import { t } from '../../i18n';
import type { ApprovalSummary } from '../../shared/protocols/approvals-protocol';

/**
 * G15: the calls waiting for this person, each opened with its button; each also has a
 * checkbox to decide several together (issue 36 item 1), which shows them side by side.
 */
export function ApprovalsList(props: {
  items: ApprovalSummary[] | null;
  selectedId: string | undefined;
  together: string[];
  onOpen(item: ApprovalSummary): void;
  onTogether(id: string, on: boolean): void;
}) {
  const { items } = props;
  return (
    <nav aria-label={t('approvals.list.label')}>
      {items === null ? (
        <p role="status">{t('approvals.list.loading')}</p>
      ) : items.length === 0 ? (
        <p data-testid="approvals-empty">{t('approvals.list.empty')}</p>
      ) : (
        <>
          {items.length > 1 && <p class="small muted">{t('approvals.together.hint')}</p>}
          <ul class="approvals-list" data-testid="approvals-list">
            {items.map((item) => (
              <li key={`${item.target.siteRoot} ${item.id}`} class="approvals-item">
                {items.length > 1 && (
                  <input
                    type="checkbox"
                    class="approvals-together"
                    aria-label={t('approvals.together.choose', { tool: item.toolLabel })}
                    checked={props.together.includes(item.id)}
                    onChange={(event) => props.onTogether(item.id, event.currentTarget.checked)}
                    data-testid={`together-${item.id}`}
                  />
                )}
                <button
                  type="button"
                  aria-current={props.selectedId === item.id}
                  onClick={() => props.onOpen(item)}
                >
                  <strong>{item.toolLabel}</strong>
                  {item.entityTitle && (
                    <span>
                      {' · '}
                      {/* The site's title: its own words, in its own direction. */}
                      <bdi data-i18n-exempt="site title">{item.entityTitle}</bdi>
                    </span>
                  )}
                  <br />
                  <span class="small muted">
                    {t('approvals.requestedBy', { name: item.requester })}
                  </span>
                </button>
              </li>
            ))}
          </ul>
        </>
      )}
    </nav>
  );
}
