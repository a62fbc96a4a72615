import type {
  ChainProblem,
  SiteChainView,
  SiteRecordView,
} from '../../../shared/protocols/options-site-audit-view';
import { formatDateTime, t, type MessageKey } from '../../../i18n';
import { decidedByText } from '../record-words';

/**
 * A7 in words a compliance officer reads: whether the site's chain of audit entries holds,
 * where it breaks, and which facts of a record the site attests and which the browser only
 * reported. Pure, so the options page and its unit tests say the same thing.
 */

/** Each problem the site names, as a whole sentence about what the break names first. */
const PROBLEM_WORDS = {
  missing: 'optionsSite.chain.missing',
  unlinked: 'optionsSite.chain.unlinked',
  altered: 'optionsSite.chain.altered',
  truncated: 'optionsSite.chain.truncated',
  changed: 'optionsSite.chain.changed',
  deleted: 'optionsSite.chain.deleted',
  unchained: 'optionsSite.chain.unchained',
} as const satisfies Record<ChainProblem, MessageKey>;

/** Problems of a record (its body or its row), not of the chain entry itself. */
const RECORD_PROBLEMS: ReadonlySet<ChainProblem> = new Set(['changed', 'deleted', 'unchained']);

/**
 * What a break names first: the record, when the record is what changed (the entry only as
 * where it sits), else the entry (with the record it belongs to).
 */
function subjectOf(b: SiteChainView['breaks'][number]): string {
  const record = b.recordId;
  // A record put in by hand sits in no entry of the chain.
  const entry = b.problem === 'unchained' ? null : b.position;
  if (RECORD_PROBLEMS.has(b.problem)) {
    if (record) {
      return entry === null
        ? t('optionsSite.chain.record', { record })
        : t('optionsSite.chain.recordAt', { record, entry });
    }
    return entry === null
      ? t('optionsSite.chain.aRecord')
      : t('optionsSite.chain.aRecordAt', { entry });
  }
  if (entry === null) {
    return record
      ? t('optionsSite.chain.anEntryOfRecord', { record })
      : t('optionsSite.chain.anEntry');
  }
  return record
    ? t('optionsSite.chain.entryOfRecord', { entry, record })
    : t('optionsSite.chain.entry', { entry });
}

/** One break of the chain as a sentence. */
export function chainBreakText(b: SiteChainView['breaks'][number]): string {
  return t(PROBLEM_WORDS[b.problem], { subject: subjectOf(b) });
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
        n === 0 ? t('optionsSite.chain.empty') : t('optionsSite.chain.intact', { count: n }),
      details: [],
    };
  }
  const position = chain.breaks[0]?.position ?? null;
  return {
    intact: false,
    headline:
      position === null
        ? t('optionsSite.chain.broken')
        : t('optionsSite.chain.brokenAt', { entry: position }),
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
    return t('optionsSite.export.chainUnknown');
  }
  const fields = new Map(
    header
      .split(';')
      .slice(1)
      .map((part) => part.trim().split('=') as [string, string]),
  );
  if (header.startsWith('intact')) {
    return t('optionsSite.export.chainIntact', { count: Number(fields.get('entries') ?? 0) });
  }
  const entry = Number(fields.get('entry') ?? 0);
  const problem = problemOf(fields.get('problem'));
  const warning =
    entry > 0
      ? t('optionsSite.export.chainBrokenAt', { entry })
      : t('optionsSite.export.chainBroken');
  // Two whole sentences: the warning, then what the break is.
  return problem
    ? `${warning} ${chainBreakText({ position: entry > 0 ? entry : null, recordId: null, problem })}`
    : warning;
}

/** The export's status line: how many records, then whether the site vouches for them. */
export function exportStatusText(records: number, header: string | null): string {
  // Two whole sentences, each a message of its own.
  return `${t('optionsSite.export.done', { count: records })} ${exportChainText(header)}`;
}

function problemOf(word: string | undefined): ChainProblem | null {
  return word !== undefined && Object.hasOwn(PROBLEM_WORDS, word) ? (word as ChainProblem) : null;
}

/** One fact of a record, and who vouches for it. */
export interface AttestedFact {
  /** Which fact it is, whatever the language (tests and styles find it by this). */
  key:
    | 'decidedBy'
    | 'created'
    | 'steps'
    | 'sentBy'
    | 'received'
    | 'lastReceived'
    | 'decidedOnSite'
    | 'written';
  label: string;
  value: string;
  /** `site`: the site saw it itself; `browser`: the sender's browser reported it. */
  by: 'site' | 'browser';
  /** The time the value is, when it is only a time (the page shows it as a `<time>`). */
  at?: number;
  /** Why the value is data rather than the extension's words (a name as the site sent it). */
  exempt?: string;
}

/** A person as the site names them: by name, with the login when it differs, and the user id. */
export function personOf(p: { userId: string; login: string; displayName: string }): string {
  const name = p.displayName || p.login;
  if (!name) return t('optionsSite.person.user', { id: p.userId });
  return p.login && p.login !== name
    ? t('optionsSite.person.withLogin', { name, login: p.login, id: p.userId })
    : t('optionsSite.person.named', { name, id: p.userId });
}

/** A fact that is one time. */
function timeFact(key: AttestedFact['key'], at: number, by: AttestedFact['by']): AttestedFact {
  return { key, label: t(`optionsSite.attest.${key}`), value: formatDateTime(at), by, at };
}

/** A record's facts: what the site attests first, then what the browser reported. */
export function attestedFacts(record: SiteRecordView): AttestedFact[] {
  const a = record.attestation;
  const reported: AttestedFact[] = [
    {
      key: 'decidedBy',
      label: t('optionsSite.attest.decidedBy'),
      value: decidedByText(record),
      by: 'browser',
      exempt: "a person's name as the site sent it, or the gate's",
    },
    timeFact('created', record.createdAt, 'browser'),
    {
      key: 'steps',
      label: t('optionsSite.attest.steps'),
      value: record.history
        .map((h) => t('optionsSite.attest.step', { status: h.status, when: formatDateTime(h.at) }))
        .join(' → '),
      by: 'browser',
    },
  ];
  if (!a) return reported;
  const site: AttestedFact[] = [
    {
      key: 'sentBy',
      label: t('optionsSite.attest.sentBy'),
      value: personOf(a.site.sender),
      by: 'site',
    },
    timeFact('received', a.site.firstReceivedAt, 'site'),
  ];
  if (a.site.receivedAt !== a.site.firstReceivedAt) {
    site.push(timeFact('lastReceived', a.site.receivedAt, 'site'));
  }
  if (a.site.decision) {
    const d = a.site.decision;
    const when = formatDateTime(d.at);
    // User 0: the site's own outcome (an approval nobody decided before its expiry).
    const value =
      d.by === '0'
        ? t('optionsSite.attest.expired', { when })
        : t('optionsSite.attest.decided', {
            status: d.status,
            person: personOf({ userId: d.by, login: d.login, displayName: d.name }),
            when,
          });
    site.push({
      key: 'decidedOnSite',
      label: t('optionsSite.attest.decidedOnSite'),
      value,
      by: 'site',
    });
  }
  if (a.site.writtenBySite) {
    site.push({
      key: 'written',
      label: t('optionsSite.attest.written'),
      value: t('optionsSite.attest.writtenBySite'),
      by: 'site',
    });
    return site;
  }
  return [...site, ...reported];
}
