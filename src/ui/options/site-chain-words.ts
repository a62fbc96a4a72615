import type {
  ChainProblem,
  SiteChainView,
  SiteRecordView,
} from '../../shared/options-site-audit-view';
import { decidedByText, formatCount, formatTime } from './format';

/**
 * A7 in words a compliance officer reads: whether the site's chain of audit entries holds,
 * where it breaks, and which facts of a record the site attests and which the browser only
 * reported. Pure, so the options page and its unit tests say the same thing.
 */

/** What each problem the site names means, after "entry N". */
const PROBLEM_WORDS: Record<ChainProblem, string> = {
  missing: 'is missing: it was deleted from the database',
  unlinked: 'does not follow the entry before it: an entry before it was removed or changed',
  altered: 'was changed in the database after the site wrote it',
  truncated: 'and the entries after it are missing: the end of the chain was deleted',
  changed: 'was changed in the database after the site received it',
  deleted: 'was deleted from the database (not by the retention setting)',
  unchained: 'belongs to a record the site never received: it was put into the database by hand',
};

/** Problems of a record (its body or its row), not of the chain entry itself. */
const RECORD_PROBLEMS: ReadonlySet<ChainProblem> = new Set(['changed', 'deleted']);

/** One break of the chain as a sentence. */
export function chainBreakText(b: SiteChainView['breaks'][number]): string {
  const record = b.recordId ? ` (record ${b.recordId})` : '';
  if (RECORD_PROBLEMS.has(b.problem)) {
    // The record is what changed: name it first, the entry only as where it sits.
    const at = b.position === null ? '' : ` (entry ${formatCount(b.position)})`;
    const what = b.recordId ? `Record ${b.recordId}` : 'A record';
    return `${what}${at} ${PROBLEM_WORDS[b.problem]}.`;
  }
  if (b.problem === 'unchained') {
    return `A record${record} is in the database but not in the chain: it was put there by hand, not received by the site.`;
  }
  const where = b.position === null ? 'An entry' : `Entry ${formatCount(b.position)}`;
  return `${where}${record} ${PROBLEM_WORDS[b.problem]}.`;
}

/** The chain's state: a headline, and one sentence per break found. */
export function chainSummary(chain: SiteChainView): {
  intact: boolean;
  headline: string;
  details: string[];
} {
  if (chain.intact) {
    const n = chain.rows;
    return {
      intact: true,
      headline:
        n === 0
          ? 'The site holds no audit entries yet; there is nothing to check.'
          : `The site's audit is intact: all ${formatCount(n)} ${n === 1 ? 'entry is' : 'entries are'} linked, and every record matches what the site received.`,
      details: [],
    };
  }
  const first = chain.breaks[0];
  const at =
    first?.position === null || first === undefined
      ? ''
      : ` at entry ${formatCount(first.position)}`;
  return {
    intact: false,
    headline: `The site's audit has been tampered with: its chain of entries breaks${at}. Records from there on cannot be relied on as evidence.`,
    details: chain.breaks.map(chainBreakText),
  };
}

/**
 * The records a broken chain names as changed after the site received them, so the list can
 * mark their rows (a deleted one has no row left to mark).
 */
export function changedRecordIds(chain: SiteChainView): ReadonlySet<string> {
  return new Set(
    chain.breaks.filter((b) => b.problem === 'changed' && b.recordId).map((b) => b.recordId!),
  );
}

/** The export's `X-Countersign-Chain` header as a sentence for the export's status line. */
export function exportChainText(header: string | null): string {
  if (header === null || header === '' || header === 'unknown') {
    return 'The site did not say whether its audit chain holds, so this file cannot be vouched for.';
  }
  const fields = new Map(
    header
      .split(';')
      .slice(1)
      .map((part) => part.trim().split('=') as [string, string]),
  );
  if (header.startsWith('intact')) {
    return `The site checked its audit chain: intact (${formatCount(Number(fields.get('entries') ?? 0))} entries).`;
  }
  const entry = Number(fields.get('entry') ?? 0);
  const problem = problemOf(fields.get('problem'));
  const what = problem
    ? chainBreakText({ position: entry > 0 ? entry : null, recordId: null, problem })
    : '';
  return `Warning: the site's audit chain is broken${entry > 0 ? ` at entry ${formatCount(entry)}` : ''}; this file holds what the database holds now, which may have been tampered with. ${what}`.trim();
}

function problemOf(word: string | undefined): ChainProblem | null {
  return word !== undefined && word in PROBLEM_WORDS ? (word as ChainProblem) : null;
}

/** One fact of a record, and who vouches for it. */
export interface AttestedFact {
  label: string;
  value: string;
  /** `site`: the site saw it itself; `browser`: the sender's browser reported it. */
  by: 'site' | 'browser';
}

function personOf(p: { userId: string; login: string; displayName: string }): string {
  const name = p.displayName || p.login || `user ${p.userId}`;
  return p.login && p.login !== name
    ? `${name} (${p.login}, user ${p.userId})`
    : `${name} (user ${p.userId})`;
}

/** A record's facts: what the site attests first, then what the browser reported. */
export function attestedFacts(record: SiteRecordView): AttestedFact[] {
  const a = record.attestation;
  const reported: AttestedFact[] = [
    { label: 'Decided by', value: decidedByText(record), by: 'browser' },
    { label: 'Created', value: formatTime(record.createdAt), by: 'browser' },
    {
      label: 'Steps',
      value: record.history.map((h) => `${h.status} ${formatTime(h.at)}`).join(' → '),
      by: 'browser',
    },
  ];
  if (!a) return reported;
  const site: AttestedFact[] = [
    { label: 'Sent by', value: personOf(a.site.sender), by: 'site' },
    { label: 'Received', value: formatTime(a.site.firstReceivedAt), by: 'site' },
  ];
  if (a.site.receivedAt !== a.site.firstReceivedAt) {
    site.push({ label: 'Last version received', value: formatTime(a.site.receivedAt), by: 'site' });
  }
  if (a.site.decision) {
    const d = a.site.decision;
    // User 0: the site's own outcome (an approval nobody decided before its expiry).
    const value =
      d.by === '0'
        ? `Expired: nobody decided in time, ${formatTime(d.at)}`
        : `${d.status} by ${personOf({ userId: d.by, login: d.login, displayName: d.name })}, ${formatTime(d.at)}`;
    site.push({ label: 'Decided on the site', value, by: 'site' });
  }
  if (a.site.writtenBySite) {
    site.push({
      label: 'Written',
      value: 'by the site itself (the browser reported nothing)',
      by: 'site',
    });
    return site;
  }
  return [...site, ...reported];
}
