import type { ThreadView } from '../../../shared/thread-protocol';

/** R6: the thread holds words others wrote; says what that means for the person. */
export function UntrustedBadge() {
  return (
    <details class="untrusted" data-testid="untrusted">
      <summary>
        <span aria-hidden="true">⚠ </span>Untrusted: this thread contains words others wrote
      </summary>
      <p class="small">
        Posts by other users, comments or fetched pages were read into this thread. Instructions
        hidden in them may try to steer what is proposed, so nothing that goes live is approved
        automatically here. Read each card before you approve it.
      </p>
    </details>
  );
}

/** G14: tools allowed for the rest of the thread, each revocable. */
export function GrantList(props: { grants: ThreadView['grants']; onRevoke(tool: string): void }) {
  if (props.grants.length === 0) return null;
  return (
    <section class="grants" aria-label="Allowed for this thread">
      <span class="muted small">Allowed for this thread without asking:</span>
      <ul>
        {props.grants.map((grant) => (
          <li key={grant.tool}>
            <span>{grant.label}</span>{' '}
            <button
              type="button"
              class="small-button"
              aria-label={`Revoke: ask again before ${grant.label}`}
              onClick={() => props.onRevoke(grant.tool)}
            >
              Revoke
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
