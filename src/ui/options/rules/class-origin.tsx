import { t } from '../../../i18n';
import type { ToolSummary } from '../../../shared/protocols/options-protocol';

type Claims = NonNullable<ToolSummary['siteOrigin']>['claims'];

const CLAIM_WORDS = {
  readonly: ['optionsAbilities.claim.readonly', 'optionsAbilities.claim.notReadonly'],
  destructive: ['optionsAbilities.claim.destructive', 'optionsAbilities.claim.notDestructive'],
  idempotent: ['optionsAbilities.claim.idempotent', 'optionsAbilities.claim.notIdempotent'],
} as const;

/** What the author said, in words, in a fixed order; "nothing" when it said nothing. */
export function claimWords(claims: Claims): string[] {
  const words = (Object.keys(CLAIM_WORDS) as (keyof Claims)[]).flatMap((key) => {
    const said = claims[key];
    return said === undefined ? [] : [t(CLAIM_WORDS[key][said ? 0 : 1])];
  });
  return words.length > 0 ? words : [t('optionsAbilities.claim.nothing')];
}

/**
 * Why the gate treats a site's tool as it does, from the class the background derived
 * (`kind`, `destructive`, `alwaysAsk`) and the claims it came from.
 */
export function classReasons(
  tool: Pick<ToolSummary, 'kind' | 'destructive' | 'alwaysAsk' | 'siteOrigin'>,
): string[] {
  const claims = tool.siteOrigin?.claims ?? {};
  if (tool.alwaysAsk === 'unclassified') return [t('optionsAbilities.why.unclassified')];
  const read = tool.kind === 'read' && !tool.destructive;
  const siteClass = tool.siteOrigin?.siteClass;
  let why: string;
  if (siteClass) why = t(`optionsAbilities.why.site.${siteClass}`);
  else if (read) why = t('optionsAbilities.why.read');
  else if (!tool.destructive) why = t('optionsAbilities.why.write');
  else if (claims.destructive !== true) why = t('optionsAbilities.why.destructiveUnsaid');
  else if (claims.readonly === true) why = t('optionsAbilities.why.contradicts');
  else why = t('optionsAbilities.why.destructive');
  const retry =
    claims.idempotent === true ? 'optionsAbilities.why.retry' : 'optionsAbilities.why.noRetry';
  return read ? [why] : [why, t(retry)];
}

/** A site tool's row: what its author claims and what the gate makes of it. */
export function ClassOrigin({ tool }: { tool: ToolSummary }) {
  if (!tool.siteOrigin) return null;
  return (
    <div class="class-origin" data-testid={`class-origin-${tool.name}`}>
      <p>
        {t('optionsAbilities.claims')}{' '}
        {claimWords(tool.siteOrigin.claims).map((word) => (
          <span key={word} class="badge claim">
            {word}
          </span>
        ))}
      </p>
      {classReasons(tool).map((reason) => (
        <p key={reason} class="muted">
          {reason}
        </p>
      ))}
    </div>
  );
}
