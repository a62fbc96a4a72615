import { useEffect } from 'preact/hooks';
import { AuditSection } from './audit-section';
import { ConnectionSection } from './connection-section';
import { RefusedSection } from './refused-section';
import { RetentionSection } from './retention-section';
import { followHash, section, SECTIONS, type SectionId } from './route-model';
import { RulesSection } from './rules-section';
import { SyncSection } from './sync-section';

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
        Skip to content
      </a>
      <header class="options-header">
        <h1>Countersign settings</h1>
        <p class="muted">
          For admins: the agent's connection, the rules every call passes, and the record of what
          happened.
        </p>
      </header>
      <nav aria-label="Settings sections" class="options-nav">
        <ul>
          {SECTIONS.map((item) => (
            <li key={item.id}>
              <a href={`#${item.id}`} aria-current={item.id === current ? 'page' : undefined}>
                {item.label}
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
