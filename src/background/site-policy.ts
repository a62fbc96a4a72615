import { targetKey, type MirrorTarget } from '../audit';
import { z } from 'zod';
import { logger } from '../shared/log';
import { t } from '../i18n';
import {
  noSitePolicy,
  parseSitePolicy,
  unreadableSitePolicy,
  type SitePolicyReading,
} from '../settings/policy-site';
import { isTransient as isTransientProblem, MirrorError } from './mirror/errors';
import { PluginHttpError, type PluginClient } from './mirror/plugin-client';

const log = logger('site-policy');

/** How long a reading is used before the next gated operation reads the site again. */
export const SITE_POLICY_TTL_MS = 60_000;
/** An admin page of the site re-reads it when the reading is older than this. */
const PAGE_REFRESH_MS = 5_000;

/** The target (site REST root + person) of a site session: whose site policy applies. */
export function siteTarget(site: {
  context: { restRoot: string };
  user: { id: number | string };
}): MirrorTarget {
  return { siteRoot: site.context.restRoot, userId: String(site.user.id) };
}

/**
 * A PluginClient for a target (the mirror's: an open tab's nonce or the stored admin URL);
 * `null` when the CMS has no companion server, whose sites then have no rules of their own.
 */
export type ClientFor = (target: MirrorTarget) => Promise<PluginClient | null>;

/** A write that named a version someone else replaced first: here is the site's policy now. */
export class SitePolicyStaleError extends Error {
  constructor(readonly current: SitePolicyReading) {
    super("Someone changed the site's rules since you read them.");
    this.name = 'SitePolicyStaleError';
  }
}

/**
 * G11: the site's policy for each target (site REST root + person), read from the
 * Countersign plugin when the site has it, cached for {@link SITE_POLICY_TTL_MS}, re-read
 * when an admin page of the site opens and before a gated operation when stale. A site
 * without the plugin has no site layer (today's behaviour). A site that has it but whose
 * policy cannot be read fails closed; a transient failure (network, server error) keeps the
 * last reading that was obtained, if any.
 */
export class SitePolicyService {
  private readonly cache = new Map<string, SitePolicyReading>();
  private readonly inflight = new Map<string, Promise<SitePolicyReading>>();

  constructor(
    private readonly clientFor: ClientFor,
    private readonly tools: () => readonly string[],
    private readonly now: () => number = Date.now,
    /** How the names of the tools a site adds start: their entries are known (abilities). */
    private readonly sitePrefixes: readonly string[] = [],
  ) {}

  /**
   * The reading for a target: a read under way (an admin page just opened) is waited for,
   * else the cached one while fresh, else read now.
   */
  async read(target: MirrorTarget, maxAgeMs = SITE_POLICY_TTL_MS): Promise<SitePolicyReading> {
    const running = this.inflight.get(targetKey(target));
    if (running) return running;
    const cached = this.cache.get(targetKey(target));
    if (cached && this.now() - cached.readAt < maxAgeMs) return cached;
    return this.refresh(target);
  }

  /** An admin page of the target was opened: re-read unless just read. */
  pageOpened(target: MirrorTarget): void {
    void this.read(target, PAGE_REFRESH_MS).catch((error) =>
      log.warn('could not read the site policy', error),
    );
  }

  /** Reads the site now (one read per target at a time). */
  refresh(target: MirrorTarget): Promise<SitePolicyReading> {
    const key = targetKey(target);
    const running = this.inflight.get(key);
    if (running) return running;
    const next = this.fetch(target)
      .then((reading) => {
        this.cache.set(key, reading);
        return reading;
      })
      .finally(() => this.inflight.delete(key));
    this.inflight.set(key, next);
    return next;
  }

  /**
   * Writes the site's policy as the target's person, naming the version it replaces. A
   * stale write (someone saved since) throws {@link SitePolicyStaleError} holding the
   * site's policy as it is now; nothing is overwritten.
   */
  async write(
    target: MirrorTarget,
    replaces: number,
    policy: Readonly<Record<string, object>>,
  ): Promise<SitePolicyReading> {
    const client = await this.clientFor(target);
    if (!client) throw new MirrorError('no-plugin', t('worker.sitePolicy.noCompanion'));
    try {
      const answer = await client.json('PUT', 'policy', z.unknown(), {
        body: { replaces, policy },
      });
      const reading = parseSitePolicy(answer, this.tools(), this.now(), this.sitePrefixes);
      this.cache.set(targetKey(target), reading);
      return reading;
    } catch (error) {
      if (error instanceof PluginHttpError && error.body?.code === 'countersign_policy_stale') {
        throw new SitePolicyStaleError(await this.refresh(target));
      }
      throw error;
    }
  }

  private async fetch(target: MirrorTarget): Promise<SitePolicyReading> {
    const now = this.now();
    const previous = this.cache.get(targetKey(target));
    let client: PluginClient;
    try {
      const companion = await this.clientFor(target);
      // No companion server on any site of this CMS: no site layer, as with no plugin.
      if (!companion) return noSitePolicy(now);
      client = companion;
      const presence = await client.presence();
      if (presence === 'absent') return noSitePolicy(now);
      if (presence === 'unknown') {
        // G15: a site that blocks its REST index (for anonymous and signed-in reads alike)
        // may hold rules; they are unknown, never absent.
        return previous && previous.status !== 'none'
          ? previous
          : unreadableSitePolicy(
              'the site refused to say whether it runs the Countersign plugin.',
              now,
            );
      }
    } catch (error) {
      return previous ?? unreadableSitePolicy(words(error), now);
    }
    try {
      const answer = await client.json('GET', 'policy', z.unknown());
      return parseSitePolicy(answer, this.tools(), now, this.sitePrefixes);
    } catch (error) {
      log.warn(`could not read the site policy of ${target.siteRoot}`, error);
      const transient = error instanceof MirrorError && isTransient(error);
      if (transient && previous && previous.status !== 'none') return previous;
      return unreadableSitePolicy(words(error), now);
    }
  }
}

/** A failure that says nothing about the policy itself (the last reading still holds). */
function isTransient(error: MirrorError): boolean {
  return isTransientProblem(error.problem) || error.problem === 'signed-out';
}

/** Why the policy could not be read, in words for a person (never a response body). */
function words(error: unknown): string {
  if (!(error instanceof MirrorError)) return 'the site did not answer as expected.';
  switch (error.problem) {
    case 'network':
      return 'the site could not be reached.';
    case 'server':
    case 'rate-limited':
      return `the site had an error (HTTP ${error.detail.status ?? '5xx'}).`;
    case 'signed-out':
      return error.detail.status === 403
        ? 'WordPress did not accept a fresh security token for this session (reload the WordPress admin tab).'
        : 'nobody is signed in to the site in this browser.';
    case 'other-user':
      return 'nobody is signed in to the site in this browser.';
    case 'old-plugin':
      return error.message;
    default:
      return error.detail.status === 403
        ? 'your account may not read them (it needs to be able to edit posts).'
        : "the site's answer is not what the Countersign plugin sends.";
  }
}
