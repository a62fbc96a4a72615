import { z } from 'zod';
import type { WpSession } from './session';
import { logger } from '../../shared/log';

const log = logger('wp-lock');

const NONCE = /^[a-f0-9]{10}$/i;

/** What WordPress's heartbeat answers (admin-ajax.php?action=heartbeat), checked. */
const HeartbeatSchema = z.object({
  heartbeat_nonce: z.string().regex(NONCE).optional(),
  nonces_expired: z.boolean().optional(),
  'wp-check-locked-posts': z
    .record(
      z.string().regex(/^post-\d+$/),
      z.object({ name: z.string().max(250), text: z.string().max(500).optional() }),
    )
    .optional(),
});
type Heartbeat = z.infer<typeof HeartbeatSchema>;

/**
 * E3: the display name of another user who holds the post lock on an entry (WordPress's
 * `_edit_lock`, refreshed by their editor's heartbeat every few seconds, stale after 150 s),
 * or null. Read through the heartbeat's `wp-check-locked-posts`, the read-only question the
 * posts list asks (the editor's own `wp-refresh-post-lock` would take the lock). WordPress
 * ignores the person's own lock. A failure to read is logged and answers null: the lock is
 * a notice, and the write path does not depend on it.
 */
export async function postLockHolder(session: WpSession, id: number): Promise<string | null> {
  try {
    const answer = await heartbeat(session, id, await heartbeatNonce(session));
    const found = answer['wp-check-locked-posts']?.[`post-${id}`];
    return found ? found.name.trim() || 'Another user' : null;
  } catch (error) {
    log.warn(`could not read the post lock of ${id}`, error);
    return null;
  }
}

/**
 * The heartbeat nonce. WordPress sends a fresh one with any heartbeat whose nonce does not
 * verify (its `wp_refresh_nonces` answer to a signed-in cookie), so a placeholder asks for it.
 */
function heartbeatNonce(session: WpSession): Promise<string> {
  return session.cached('heartbeat-nonce', async () => {
    const answer = await post(session, { _nonce: 'ask', screen_id: 'edit-post' });
    if (!answer.heartbeat_nonce) throw new Error('WordPress sent no heartbeat nonce');
    return answer.heartbeat_nonce;
  });
}

async function heartbeat(session: WpSession, id: number, nonce: string): Promise<Heartbeat> {
  const form = {
    _nonce: nonce,
    screen_id: 'edit-post',
    'data[wp-check-locked-posts][]': `post-${id}`,
  };
  const answer = await post(session, form);
  if (!answer.nonces_expired) return answer;
  session.forget();
  return post(session, { ...form, _nonce: await heartbeatNonce(session) });
}

async function post(session: WpSession, fields: Record<string, string>): Promise<Heartbeat> {
  const response = await session.client.fetchImpl(`${session.adminUrl}admin-ajax.php`, {
    method: 'POST',
    credentials: 'include',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ action: 'heartbeat', ...fields }).toString(),
    signal: AbortSignal.timeout(5_000),
  });
  if (!response.ok) throw new Error(`heartbeat answered HTTP ${response.status}`);
  return HeartbeatSchema.parse(await response.json());
}
