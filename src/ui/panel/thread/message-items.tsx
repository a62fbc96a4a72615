import { useMemo } from 'preact/hooks';
import { renderMarkdown } from '../../markdown/render-markdown';

/** What the person wrote, as plain text. */
export function UserMessage({ text }: { text: string }) {
  return (
    <div class="msg msg-user">
      <span class="sr-only">You wrote: </span>
      {text}
    </div>
  );
}

/** Assistant text as sanitized markdown (S1), with a caret while it still streams. */
export function AssistantText(props: { text: string; incomplete?: boolean; adminUrl?: string }) {
  const html = useMemo(
    () => renderMarkdown(props.text, props.adminUrl),
    [props.text, props.adminUrl],
  );
  return (
    <div class="msg msg-assistant" aria-busy={props.incomplete}>
      <div class="md" dangerouslySetInnerHTML={{ __html: html }} />
      {props.incomplete && <span class="caret" aria-hidden="true" />}
    </div>
  );
}

/** Extended thinking: collapsed by default, plain text when opened. */
export function ThinkingItem({ text }: { text: string }) {
  return (
    <details class="thinking">
      <summary>Thinking</summary>
      <div class="thinking-text">{text}</div>
    </details>
  );
}
