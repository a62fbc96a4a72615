import { Fragment } from 'preact';
import { t } from '../../../i18n';
import type { SiteRecordView } from '../../../shared/protocols/options-site-audit-view';
import { recheckSiteAudit, siteChain } from './site-audit-model';
import { attestedFacts, chainSummary, type AttestedFact } from './site-chain-words';

/**
 * A7: whether the site's audit holds as evidence. The site verifies its chain of entries
 * and says where it breaks; the words are the extension's own (site-chain-words.ts).
 */
export function SiteChainStatus() {
  const s = siteChain.value;
  if (s === null) return null;
  const recheck = (
    <button type="button" onClick={() => void recheckSiteAudit()} disabled={s.state === 'checking'}>
      {t('optionsSite.chain.checkAgain')}
    </button>
  );
  if (s.state === 'checking') {
    return (
      <div class="chain-status" role="status" data-testid="site-chain">
        {t('optionsSite.chain.checking')}
      </div>
    );
  }
  if (s.state === 'error') {
    return (
      <div class="chain-status" role="status" data-testid="site-chain">
        <p>{t('optionsSite.chain.error', { message: s.message })}</p>
        {recheck}
      </div>
    );
  }
  const summary = chainSummary(s.chain);
  return (
    <div
      class={`chain-status ${summary.intact ? 'chain-intact' : 'chain-broken inline-error'}`}
      role={summary.intact ? 'status' : 'alert'}
      data-testid="site-chain"
      data-intact={summary.intact ? 'true' : 'false'}
    >
      <p>
        <strong>{summary.headline}</strong>
      </p>
      {summary.details.length > 0 && (
        <ul data-testid="site-chain-breaks">
          {summary.details.map((d) => (
            <li key={d}>{d}</li>
          ))}
        </ul>
      )}
      {recheck}
    </div>
  );
}

/** One fact as a term and its value: a time as a `<time>`, a name as the site sent it as data. */
function factRows(f: AttestedFact) {
  return (
    <Fragment key={f.key}>
      <dt>{f.label}</dt>
      <dd data-fact={f.key} data-i18n-exempt={f.exempt}>
        {f.at === undefined ? (
          f.value
        ) : (
          <time dateTime={new Date(f.at).toISOString()}>{f.value}</time>
        )}
      </dd>
    </Fragment>
  );
}

/** A7: a record's facts, those the site attests apart from those the browser reported. */
export function AttestedFacts({ record }: { record: SiteRecordView }) {
  const facts = attestedFacts(record);
  const site = facts.filter((f) => f.by === 'site');
  const browser = facts.filter((f) => f.by === 'browser');
  return (
    <section class="opt-card" aria-labelledby="attested-title" data-testid="site-attestation">
      <h3 id="attested-title">{t('optionsSite.attest.title')}</h3>
      {site.length === 0 ? (
        <p class="muted">{t('optionsSite.attest.none')}</p>
      ) : (
        <>
          <h4>{t('optionsSite.attest.seenBySite')}</h4>
          <dl data-testid="attested-by-site">{site.map(factRows)}</dl>
        </>
      )}
      {browser.length > 0 && (
        <>
          <h4>{t('optionsSite.attest.reportedByBrowser')}</h4>
          <dl data-testid="reported-by-browser">{browser.map(factRows)}</dl>
        </>
      )}
    </section>
  );
}
