import { AuditDb, AuditLog } from '../audit';
import { wordpressAdapter } from '../cms/wordpress/wordpress-adapter';
import { mergePolicies } from '../gate';
import { SealedRunStore } from '../run';
import { SealedStore } from '../store';
import { createRegistry } from '../tools/registry';
import type { ContextStore } from './context-store';
import { Sessions } from './sessions';
import { ThreadService } from './thread-service';
import { ThreadViewStore } from './thread-view-store';

/** Builds the background's long-lived services once per worker start. */
export function buildServices(contexts: ContextStore) {
  const sealed = new SealedStore();
  const audit = new AuditLog(new AuditDb());
  const adapter = wordpressAdapter;
  const registry = createRegistry(adapter.tools());
  const sessions = new Sessions(contexts, adapter);
  const threads = new ThreadService(
    {
      audit,
      runStore: new SealedRunStore(sealed),
      registry,
      adapter,
      sessions,
      policy: async () => mergePolicies({}, {}),
      runOptions: async () => ({}),
    },
    new ThreadViewStore(sealed),
  );
  return { sealed, audit, adapter, registry, sessions, threads };
}
