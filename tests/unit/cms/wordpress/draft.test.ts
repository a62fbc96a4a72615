import { describe, expect, it } from 'vitest';
import { isDraftStatus, landsAsDraft } from '../../../../src/cms/wordpress/draft';
import { WORDPRESS_TOOLS } from '../../../../src/cms/wordpress/tools';

const facts = (status?: string) => (status ? { entity: { status } } : {});
const tool = (name: string) => WORDPRESS_TOOLS.find((t) => t.name === name)!;

/** T2/G2: a write lands as a draft when the entity is a draft now and stays one. */
describe('draft semantics', () => {
  it.each([
    ['draft', undefined, true],
    ['pending', undefined, true],
    ['auto-draft', undefined, true],
    ['publish', undefined, false],
    ['private', undefined, false],
    ['future', undefined, false],
    ['draft', 'pending', true],
    ['pending', 'draft', true],
    ['draft', 'publish', false],
    ['draft', 'future', false],
    ['draft', 'private', false],
    [undefined, undefined, false],
  ])('entity %s → %s lands as draft: %s', (status, next, expected) => {
    expect(landsAsDraft(facts(status), next)).toBe(expected);
  });

  it('knows the draft statuses', () => {
    expect(['draft', 'pending', 'auto-draft'].every(isDraftStatus)).toBe(true);
    expect(isDraftStatus('publish')).toBe(false);
  });

  it('is what the write tools declare', () => {
    const update = tool('wp_update_post').classification!;
    expect(update.draft!({}, facts('draft'))).toBe(true);
    expect(update.draft!({}, facts('publish'))).toBe(false);
    expect(update.draft!({}, {})).toBe(false);
    const status = tool('wp_set_status').classification!;
    expect(status.draft!({ status: 'pending' }, facts('draft'))).toBe(true);
    expect(status.draft!({ status: 'publish' }, facts('draft'))).toBe(false);
    expect(tool('wp_create_draft').classification!.draft!({}, {})).toBe(true);
  });
});
