import type { TabState } from '../../shared/protocol';
import { screenLabel } from './screen-label';

type Shown = Extract<TabState, { kind: 'ready' | 'checking' }>;

/** Who is signed in where, and what they are looking at (while checking: where only). */
export function SiteCard({ state }: { state: Shown }) {
  const { context } = state;
  const user = state.kind === 'ready' ? state.user : undefined;
  const entity = state.kind === 'ready' ? state.entity : undefined;
  const roles = user?.roles.map((r) => r.label).join(', ') || 'No role';
  return (
    <section class="site-card" aria-label="Where you are">
      <dl>
        <dt>Site</dt>
        <dd data-testid="site">{new URL(context.siteUrl).host}</dd>
        <dt>Signed in as</dt>
        {user ? (
          <dd>
            <span data-testid="user-name">{user.name}</span>{' '}
            <span class="badge" data-testid="user-role">
              {roles}
            </span>
          </dd>
        ) : (
          <dd class="muted" aria-busy="true" data-testid="user-checking">
            <span class="spinner" aria-hidden="true" /> Checking your session…
          </dd>
        )}
        <dt>Screen</dt>
        <dd data-testid="screen">{screenLabel(context)}</dd>
        {entity && (
          <>
            <dt>{entity.typeLabel}</dt>
            <dd>
              <span data-testid="entity-title">{entity.title || '(no title)'}</span>{' '}
              <span class={`status status-${entity.status}`}>{entity.status}</span>
            </dd>
          </>
        )}
      </dl>
    </section>
  );
}
