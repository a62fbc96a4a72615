import { t } from '../../../i18n';
import type { ThreadView } from '../../../shared/protocols/thread-protocol';

/** R6: the thread holds words others wrote; says what that means for the person. */
export function UntrustedBadge() {
  return (
    <details class="untrusted" data-testid="untrusted">
      <summary>
        <span aria-hidden="true">⚠ </span>
        {t('panel.untrusted.summary')}
      </summary>
      <p class="small">{t('panel.untrusted.detail')}</p>
    </details>
  );
}

/** G14: tools allowed for the rest of the thread, each revocable. */
export function GrantList(props: { grants: ThreadView['grants']; onRevoke(tool: string): void }) {
  if (props.grants.length === 0) return null;
  return (
    <section class="grants" aria-label={t('panel.grants.label')}>
      <span class="muted small">{t('panel.grants.lead')}</span>
      <ul>
        {props.grants.map((grant) => (
          <li key={grant.tool}>
            <span data-i18n-worker>{grant.label}</span>{' '}
            <button
              type="button"
              class="small-button"
              aria-label={t('panel.grants.revokeLabel', { tool: grant.label })}
              onClick={() => props.onRevoke(grant.tool)}
            >
              {t('panel.grants.revoke')}
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
