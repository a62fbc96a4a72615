import { useEffect } from 'preact/hooks';
import { t } from '../../i18n';
import { AuditSection } from './audit/audit-section';
import { ConnectionSection } from './connection/connection-section';
import { LanguageChoice } from './language-choice';
import { RefusedSection } from './refused/refused-section';
import { RetentionSection } from './retention/retention-section';
import { followHash, section, SECTIONS, type SectionId } from './route-model';
import { RulesSection } from './rules/rules-section';
import { SyncSection } from './site-audit/sync-section';

const VIEWS: Record<SectionId, () => preact.JSX.Element> = {
  connection: ConnectionSection,
  rules: RulesSection,
  audit: AuditSection,
  sync: SyncSection,
  refused: RefusedSection,
  retention: RetentionSection,
};

/** The options page: one section at a time, chosen by ordinary links (`#rules`, `#audit`, …). */
export function OptionsApp() {
  useEffect(() => followHash(), []);
  const current = section.value;
  const View = VIEWS[current];
  return (
    <div class="options">
      <a class="skip-link" href="#options-main">
        {t('options.page.skip')}
      </a>
      <header class="options-header">
        <h1>{t('options.page.title')}</h1>
        <p class="muted">{t('options.page.intro')}</p>
        <LanguageChoice />
      </header>
      <nav aria-label={t('options.page.nav')} class="options-nav">
        <ul>
          {SECTIONS.map((item) => (
            <li key={item.id}>
              <a href={`#${item.id}`} aria-current={item.id === current ? 'page' : undefined}>
                {t(item.label)}
              </a>
            </li>
          ))}
        </ul>
      </nav>
      <main id="options-main" class="options-main" tabIndex={-1}>
        <View />
      </main>
    </div>
  );
}
