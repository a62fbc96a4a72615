import type { SiteRecordView } from '../../shared/options-site-audit-view';
import { recheckSiteAudit, siteChain } from './site-audit-model';
import { attestedFacts, chainSummary } from './site-chain-words';

/**
 * A7: whether the site's audit holds as evidence. The site verifies its chain of entries
 * and says where it breaks; the words are the extension's own (site-chain-words.ts).
 */
export function SiteChainStatus() {
  const s = siteChain.value;
  if (s === null) return null;
  const recheck = (
    <button type="button" onClick={() => void recheckSiteAudit()} disabled={s.state === 'checking'}>
      Check again
    </button>
  );
  if (s.state === 'checking') {
    return (
      <div class="chain-status" role="status" data-testid="site-chain">
        Checking the site's chain of audit entries…
      </div>
    );
  }
  if (s.state === 'error') {
    return (
      <div class="chain-status" role="status" data-testid="site-chain">
        <p>The site could not check its audit chain: {s.message}</p>
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

/** A7: a record's facts, those the site attests apart from those the browser reported. */
export function AttestedFacts({ record }: { record: SiteRecordView }) {
  const facts = attestedFacts(record);
  const site = facts.filter((f) => f.by === 'site');
  const browser = facts.filter((f) => f.by === 'browser');
  return (
    <section class="opt-card" aria-labelledby="attested-title" data-testid="site-attestation">
      <h3 id="attested-title">Who vouches for this record</h3>
      {site.length === 0 ? (
        <p class="muted">
          This site's plugin does not attest its records: everything below is what the browser
          reported.
        </p>
      ) : (
        <>
          <h4>Seen by the site</h4>
          <dl data-testid="attested-by-site">
            {site.map((f) => (
              <>
                <dt>{f.label}</dt>
                <dd>{f.value}</dd>
              </>
            ))}
          </dl>
        </>
      )}
      {browser.length > 0 && (
        <>
          <h4>Reported by the browser (the site did not see these)</h4>
          <dl data-testid="reported-by-browser">
            {browser.map((f) => (
              <>
                <dt>{f.label}</dt>
                <dd>{f.value}</dd>
              </>
            ))}
          </dl>
        </>
      )}
    </section>
  );
}
