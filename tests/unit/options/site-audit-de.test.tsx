// @vitest-environment happy-dom
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { pageLanguages } from '../support/languages';
import { setLocale } from '../../../src/i18n';
import type {
  SiteChainView,
  SiteRecordView,
} from '../../../src/shared/protocols/options-site-audit-view';
import type { MirrorSiteView } from '../../../src/shared/protocols/options-protocol';
import {
  AttestedFacts,
  SiteChainStatus,
} from '../../../src/ui/options/site-audit/site-attestation';
import {
  auditSite,
  siteChain,
  siteCursors,
  siteExportStatus,
  sitePage,
} from '../../../src/ui/options/site-audit/site-audit-model';
import { SiteAuditView } from '../../../src/ui/options/site-audit/site-audit-view';
import {
  attestedFacts,
  chainBreakText,
  chainSummary,
  exportStatusText,
} from '../../../src/ui/options/site-audit/site-chain-words';
import { mount, unmountAll } from './dom';

beforeAll(pageLanguages);

// Issue 37: the site's audit in the person's language. The page's models are module
// singletons shared with other files (isolate: false): each test puts them back.
afterEach(() => {
  unmountAll();
  setLocale('en');
  siteChain.value = null;
  auditSite.value = null;
  sitePage.value = null;
  siteCursors.value = [null];
  siteExportStatus.value = null;
});

const intact = (rows: number): SiteChainView => ({ intact: true, rows, breaks: [] });

/** A record Ed sent, that Ana approved on the site. */
const record = {
  id: 'rec-1',
  threadId: 't',
  tool: 'wp_update_post',
  status: 'run',
  decidedBy: '5',
  decidedByName: 'Ana',
  createdAt: Date.UTC(2026, 11, 1, 10),
  history: [{ status: 'run', at: Date.UTC(2026, 11, 1, 10), by: '5' }],
  owner: { userId: '3', siteOrigin: 'http://x', displayName: 'Ed' },
  attestation: {
    site: {
      sender: { userId: '3', login: 'ed', displayName: '' },
      receivedAt: Date.UTC(2026, 11, 1, 11),
      firstReceivedAt: Date.UTC(2026, 11, 1, 10),
      writtenBySite: false,
      decision: { status: 'approved', by: '5', login: 'ana', name: 'Ana', at: 1_500 },
    },
    reported: ['decidedBy', 'createdAt'],
  },
} as unknown as SiteRecordView;

describe('the chain in German (A7)', () => {
  it('an intact chain, and one of a single entry in the singular in both languages', () => {
    setLocale('de');
    expect(chainSummary(intact(12_345)).headline).toBe(
      'Das Protokoll der Website ist unversehrt: Alle 12.345 Kettenglieder sind verknüpft, und jeder Eintrag stimmt mit dem überein, was die Website empfangen hat.',
    );
    const one = chainSummary(intact(1)).headline;
    expect(one).toContain('Sein einziges Kettenglied ist vorhanden');
    expect(one).not.toContain('Kettenglieder');
    setLocale('en');
    expect(chainSummary(intact(1)).headline).toContain('its one entry is in place');
    expect(chainSummary(intact(1)).headline).not.toContain('entries');
  });

  it('a break as a German sentence, its subject first', () => {
    setLocale('de');
    expect(chainBreakText({ position: 2, recordId: 'rec-1', problem: 'changed' })).toBe(
      'Eintrag rec-1 (Kettenglied 2) wurde in der Datenbank geändert, nachdem die Website ihn empfangen hatte.',
    );
    expect(chainBreakText({ position: 4, recordId: null, problem: 'missing' })).toBe(
      'Kettenglied 4 fehlt: Es wurde aus der Datenbank gelöscht.',
    );
  });

  it('the status on the page: a broken chain is an alert in German, with its breaks', () => {
    setLocale('de');
    siteChain.value = {
      state: 'done',
      chain: {
        intact: false,
        rows: 5,
        breaks: [{ position: 2, recordId: 'rec-1', problem: 'deleted' }],
      },
    };
    const root = mount(<SiteChainStatus />);
    const status = root.querySelector('[data-testid="site-chain"]')!;
    expect(status.getAttribute('role')).toBe('alert');
    expect(status.querySelector('strong')?.textContent).toBe(
      'Das Protokoll der Website wurde manipuliert: Seine Kette bricht bei Kettenglied 2. Auf Einträge ab dieser Stelle ist als Nachweis kein Verlass.',
    );
    expect(status.querySelector('li')?.textContent).toBe(
      'Eintrag rec-1 (Kettenglied 2) wurde aus der Datenbank gelöscht (nicht durch die Aufbewahrungseinstellung).',
    );
    expect(status.querySelector('button')?.textContent).toBe('Erneut prüfen');
  });
});

describe('the export status line in German (A3, A7)', () => {
  it('counts the records, singular for one, and says whether the site vouches for them', () => {
    setLocale('de');
    expect(exportStatusText(1, 'intact; entries=1')).toBe(
      '1 Eintrag exportiert. Die Website hat ihre Protokollkette geprüft: unversehrt (1 Kettenglied).',
    );
    expect(exportStatusText(2_500, 'broken; entry=1200; problem=deleted; breaks=1')).toBe(
      '2.500 Einträge exportiert. Warnung: Die Protokollkette der Website ist bei Kettenglied 1.200 gebrochen; diese Datei enthält, was die Datenbank jetzt enthält, und das kann manipuliert worden sein. Ein Eintrag (Kettenglied 1.200) wurde aus der Datenbank gelöscht (nicht durch die Aufbewahrungseinstellung).',
    );
    expect(exportStatusText(0, null)).toBe(
      '0 Einträge exportiert. Die Website hat nicht mitgeteilt, ob ihre Protokollkette unversehrt ist; für diese Datei kann daher niemand bürgen.',
    );
    setLocale('en');
    expect(exportStatusText(1, 'intact; entries=1')).toBe(
      'Exported 1 record. The site checked its audit chain: intact (1 entry).',
    );
  });
});

describe('what the site attests, in German (A7)', () => {
  it('labels and values in German; a name as the site sent it is data', () => {
    setLocale('de');
    const facts = attestedFacts(record);
    expect(facts.map((f) => f.label)).toEqual([
      'Gesendet von',
      'Empfangen',
      'Letzte Fassung empfangen',
      'Auf der Website entschieden',
      'Entschieden von',
      'Erstellt',
      'Schritte',
    ]);
    // No display name: the login stands for it, once.
    expect(facts.find((f) => f.key === 'sentBy')?.value).toBe('ed (Benutzer 3)');
    expect(facts.find((f) => f.key === 'decidedOnSite')?.value).toMatch(
      /^approved von Ana \(ana, Benutzer 5\), am \d{2}\.\d{2}\.\d{4}/,
    );
    const expired = attestedFacts({
      ...record,
      attestation: {
        ...record.attestation!,
        site: {
          ...record.attestation!.site,
          decision: { status: 'expired', by: '0', login: '', name: '', at: 1_500 },
        },
      },
    }).find((f) => f.key === 'decidedOnSite');
    expect(expired?.value).toMatch(/^Abgelaufen: Niemand hat rechtzeitig entschieden, am /);
  });

  it('on the page: German headings, times as <time>, the decider marked as data', () => {
    setLocale('de');
    const root = mount(<AttestedFacts record={record} />);
    expect(root.querySelector('h3')?.textContent).toBe('Wer für diesen Eintrag bürgt');
    expect([...root.querySelectorAll('h4')].map((h) => h.textContent)).toEqual([
      'Von der Website gesehen',
      'Vom Browser gemeldet (die Website hat dies nicht gesehen)',
    ]);
    const received = root.querySelector('[data-fact="received"] time');
    expect(received?.getAttribute('datetime')).toBe('2026-12-01T10:00:00.000Z');
    expect(received?.textContent).toMatch(/^01\.12\.2026/);
    expect(root.querySelector('[data-fact="decidedBy"]')?.hasAttribute('data-i18n-exempt')).toBe(
      true,
    );
    expect(root.querySelector('[data-fact="sentBy"]')?.hasAttribute('data-i18n-exempt')).toBe(
      false,
    );
  });
});

describe("the site's records in German (A3)", () => {
  it('heading, pager, columns and a person with neither name nor login', () => {
    setLocale('de');
    auditSite.value = { label: 'blog.example', canRead: true } as MirrorSiteView;
    sitePage.value = {
      records: [{ ...record, owner: { ...record.owner, displayName: '' } }],
      next: null,
      everyone: true,
    };
    siteExportStatus.value = exportStatusText(1, 'intact; entries=1');
    const root = mount(<SiteAuditView />);
    expect(root.querySelector('h3')?.textContent).toBe('Einträge aller Benutzer auf blog.example');
    expect(root.querySelector('[data-testid="site-audit-page"]')?.textContent).toBe(
      'Seite 1, 1 Eintrag',
    );
    expect([...root.querySelectorAll('th')].map((th) => th.textContent)).toEqual([
      'Wann',
      'Benutzer',
      'Werkzeug',
      'Status',
      'Entschieden von',
    ]);
    const cells = root.querySelectorAll('tbody td');
    expect(cells[0]?.querySelector('time')).not.toBeNull();
    expect(cells[1]?.textContent).toBe('Benutzer 3');
    expect(root.querySelector('[data-testid="site-export-status"]')?.textContent).toMatch(
      /^1 Eintrag exportiert\./,
    );
  });
});
