import { t } from '../../../i18n';
import type { ThreadItem } from '../../../shared/protocols/thread-protocol';
import { linkTarget } from '../../markdown/link-target';
import { TOOL_STATUS } from './tool-status';

type Of<K extends ThreadItem['kind']> = Extract<ThreadItem, { kind: K }>;

/** A tool call in the thread: what ran and how it ended, in words and an icon. */
export function ToolRow({ item }: { item: Of<'tool'> }) {
  const status = TOOL_STATUS[item.status];
  return (
    <div class={`tool-row tone-${status.tone}`} data-status={item.status}>
      <span class="tool-icon" aria-hidden="true">
        {item.status === 'running' ? <span class="spinner" /> : status.icon}
      </span>
      <span class="tool-label" data-i18n-worker>
        {item.label}
      </span>
      <span class="tool-status">{t(`panel.tool.${item.status}`)}</span>
      {item.summary &&
        (item.summaryTranslated ? (
          <span class="tool-summary" data-i18n-worker>
            {item.summary}
          </span>
        ) : (
          <span
            class="tool-summary"
            data-i18n-pending="the tool's summary is also the model's; one text for both"
          >
            {item.summary}
          </span>
        ))}
      {item.answer !== undefined && (
        <details class="tool-answer">
          <summary>{t('panel.tool.answer')}</summary>
          <pre data-i18n-exempt="the site's answer">{item.answer}</pre>
        </details>
      )}
    </div>
  );
}

const ICON = { info: 'ℹ', warning: '⚠', error: '✕' } as const;

/** A notice from the background (a skipped call, a resumed run, an error). */
export function NoticeItem({ item }: { item: Of<'notice'> }) {
  return (
    <p
      class={`notice-item level-${item.level}`}
      role={item.level === 'error' ? 'alert' : undefined}
    >
      <span aria-hidden="true">{ICON[item.level]} </span>
      <strong>{t(`panel.notice.${item.level}`)}</strong>{' '}
      <span data-i18n-worker>{item.message}</span>
    </p>
  );
}

/**
 * Search results and other link lists. Admin pages of the site open in the admin tab
 * (the thread's click handler sends them there); other web pages open in a new tab;
 * anything else is shown as text.
 */
export function LinksItem({ item, adminUrl }: { item: Of<'links'>; adminUrl?: string }) {
  return (
    <section class="links-item" aria-label={item.title} data-i18n-label="worker">
      <h3 data-i18n-worker>{item.title}</h3>
      {item.links.length === 0 && <p class="muted small">{t('panel.links.none')}</p>}
      <ul>
        {item.links.map((link, index) => {
          const href = linkTarget(link.href, adminUrl);
          return (
            <li key={index}>
              {href ? (
                <a href={href} target="_blank" rel="noopener noreferrer" data-i18n-exempt="link">
                  {link.label}
                </a>
              ) : (
                <span data-i18n-exempt="link">{link.label}</span>
              )}
              {link.detail && (
                <span class="link-detail" data-i18n-exempt="link">
                  {' '}
                  {link.detail}
                </span>
              )}
            </li>
          );
        })}
      </ul>
    </section>
  );
}
