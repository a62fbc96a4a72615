import type { TabState } from '../../shared/protocol';
import { grantSite, refresh } from './tab-model';

type Not<K extends TabState['kind']> = Exclude<TabState, { kind: 'ready' | 'checking' | K }>;

/** Every state of the tab but "ready" and "checking", each with what the person can do about it. */
export function TabStateNotice({ state }: { state: Not<never> }) {
  switch (state.kind) {
    case 'no-tab':
    case 'not-cms':
      return (
        <Notice title="Not a CMS admin page" testId="state-not-cms">
          Open your WordPress admin (a page under <code>/wp-admin/</code>) in this window, and
          Countersign will work beside it.
        </Notice>
      );
    case 'not-granted':
      return (
        <Notice title="This site is not granted yet" testId="state-not-granted">
          <p>
            Countersign may only read and act on sites you allow.{' '}
            {state.looksLikeCms ? 'This looks like a WordPress admin.' : ''}
          </p>
          <button class="primary" type="button" onClick={() => void grantSite(state.origin)}>
            Grant access to {new URL(state.origin).host}
          </button>
        </Notice>
      );
    case 'detecting':
      return (
        <Notice title="Reading the page…" testId="state-detecting" busy>
          <button type="button" onClick={() => void refresh()}>
            Check again
          </button>
        </Notice>
      );
    case 'waiting-editor':
      return (
        <Notice title="Waiting for the editor…" testId="state-waiting-editor" busy>
          The block editor is still loading
          {state.entity ? ` ${state.entity.type} ${state.entity.id}` : ' its post'}. Countersign
          reads it as soon as the editor is ready.
        </Notice>
      );
    case 'invalid-context':
      return (
        <Notice title="This page cannot be trusted" testId="state-invalid" tone="danger">
          It looks like WordPress, but what it exposes is not what WordPress exposes: {state.reason}
          . Countersign will not act on it.
        </Notice>
      );
    case 'signed-out':
      return (
        <Notice title="You are signed out" testId="state-signed-out" tone="warning">
          <p>Your WordPress session on {new URL(state.origin).host} has ended.</p>
          <a class="button primary" href={state.loginUrl} target="_blank" rel="noreferrer">
            Sign in again
          </a>
        </Notice>
      );
    case 'error':
      return (
        <Notice title="Something went wrong" testId="state-error" tone="danger">
          <p>{state.message}</p>
          <button type="button" onClick={() => void refresh()}>
            Try again
          </button>
        </Notice>
      );
  }
}

function Notice(props: {
  title: string;
  testId: string;
  tone?: 'danger' | 'warning';
  busy?: boolean;
  children: preact.ComponentChildren;
}) {
  return (
    <section class={`notice ${props.tone ?? ''}`} data-testid={props.testId} aria-busy={props.busy}>
      <h2>
        {props.busy && <span class="spinner" aria-hidden="true" />}
        {props.title}
      </h2>
      <div>{props.children}</div>
    </section>
  );
}
