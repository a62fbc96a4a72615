// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { ToolRow } from '../../../src/ui/panel/thread/small-items';
import { cleanup, mount } from './support';

/** Issue 34: what a site's ability answered, opened under its tool row, is the site's data as text. */
afterEach(cleanup);

describe('an ability’s answer under its tool row', () => {
  it('is closed at first, opens from its summary, and shows markup as text', () => {
    const answer = '[\n  {\n    "title": "<img src=x onerror=\\"globalThis.pwned=1\\">"\n  }\n]';
    const root = mount(
      <ToolRow
        item={{
          kind: 'tool',
          id: 'r1',
          tool: 'ab_x_recent',
          label: 'Recent post titles',
          status: 'run',
          summary: 'Recent post titles: ran.',
          summaryTranslated: true,
          answer,
        }}
      />,
    );
    const details = root.querySelector('details.tool-answer')!;
    expect(details.hasAttribute('open')).toBe(false);
    expect(details.querySelector('summary')!.textContent).toBe('What the site answered');
    expect(details.querySelector('pre')!.textContent).toBe(answer);
    expect(root.querySelector('img')).toBeNull();
    expect((globalThis as { pwned?: number }).pwned).toBeUndefined();
  });

  it('a row without an answer has nothing to open', () => {
    const root = mount(
      <ToolRow
        item={{ kind: 'tool', id: 'r2', tool: 'wp_get_post', label: 'Read', status: 'run' }}
      />,
    );
    expect(root.querySelector('details')).toBeNull();
  });
});
