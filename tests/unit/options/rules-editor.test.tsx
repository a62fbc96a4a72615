// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { readTrusted } from '../../../src/settings/trusted-settings';
import { POLICY_CHANGE_TOOL } from '../../../src/background/audit-policy-change';
import {
  confirmation,
  draft,
  problems,
  saveStatus,
  view,
} from '../../../src/ui/options/rules/rules-model';
import { RulesSection } from '../../../src/ui/options/rules/rules-section';
import { byLabel, clickButton, mount, routeToHandler, set, unmountAll, until } from './dom';
import { optionsHarness } from './support';

const DRAFT_RULE = '{"==": [{"var": "facts.entity.status"}, "draft"]}';
let h: ReturnType<typeof optionsHarness>;

beforeEach(() => {
  h = optionsHarness();
  // The page's models are module singletons: each test starts from a fresh page.
  view.value = null;
  draft.value = {};
  problems.value = [];
  confirmation.value = '';
  saveStatus.value = { kind: 'idle' };
  routeToHandler(h);
});
afterEach(unmountAll);

const row = (root: HTMLElement, tool: string) =>
  root.querySelector(`[data-testid="tool-${tool}"]`) as HTMLElement;
const stored = () => readTrusted('gatePolicy');

async function open() {
  const root = mount(<RulesSection />);
  await until(() => expect(row(root, 'wp_update_post')).not.toBeNull());
  return root;
}

describe('the rules editor (G1-G4)', () => {
  it('offers allow and once only where G2 permits them, and explains why', async () => {
    const root = await open();
    const destructive = byLabel<HTMLSelectElement>(row(root, 'wp_delete_entity'), 'Mode');
    const disabled = [...destructive.options].filter((o) => o.disabled).map((o) => o.value);
    expect(disabled).toEqual(['allow', 'once']);
    expect(row(root, 'wp_delete_entity').textContent).toContain('This tool is destructive');
    const draftable = byLabel<HTMLSelectElement>(row(root, 'wp_update_post'), 'Mode');
    expect([...draftable.options].some((o) => o.disabled)).toBe(false);
    expect(row(root, 'wp_update_post').textContent).toContain('Calls that land as a draft follow');
  });

  it('types the draft rule, reads it back in words, tries it and saves it with a record', async () => {
    const root = await open();
    set(byLabel<HTMLSelectElement>(row(root, 'wp_update_post'), 'Mode'), 'ask');
    const rule = byLabel<HTMLTextAreaElement>(
      row(root, 'wp_update_post'),
      /Approve without asking when/,
    );
    set(rule, DRAFT_RULE);
    expect(row(root, 'wp_update_post').textContent).toContain(
      `Auto-approves a call when the entry's current status is "draft".`,
    );
    clickButton(row(root, 'wp_update_post'), 'Try it');
    await until(() =>
      expect(
        root.querySelector('[data-testid="try-result-wp_update_post"]')?.textContent,
      ).toContain('Runs without a card'),
    );
    clickButton(root, 'Save rules');
    await expect.poll(stored).toMatchObject({ policy: { wp_update_post: { mode: 'ask' } } });
    expect((await h.log.query({ tool: POLICY_CHANGE_TOOL })).records).toHaveLength(1);
    await until(() => expect(root.textContent).toContain('Saved.'));
  });

  it('an invalid rule is marked at its field and nothing is saved', async () => {
    const root = await open();
    set(byLabel<HTMLSelectElement>(row(root, 'wp_update_post'), 'Mode'), 'once');
    const rule = byLabel<HTMLTextAreaElement>(
      row(root, 'wp_update_post'),
      /Approve without asking when/,
    );
    set(rule, '{"Math.max": [1, 2]}');
    clickButton(root, 'Save rules');
    await until(() => expect(rule.getAttribute('aria-invalid')).toBe('true'));
    expect(document.getElementById(`${rule.id}-error`)?.textContent).toMatch(
      /unknown operator "Math.max"/,
    );
    expect(await stored()).toBeUndefined();
  });

  it('"*": "allow" asks for the typed phrase before anything is saved (G2)', async () => {
    const root = await open();
    set(byLabel<HTMLSelectElement>(root, 'Mode for tools without an entry of their own'), 'allow');
    expect(root.textContent).toContain('Every call would run without asking');
    clickButton(root, 'Save rules');
    const confirm = await until(() => {
      const field = byLabel(root, /To confirm, type/);
      expect(field.getAttribute('aria-invalid')).toBe('true');
      return field;
    });
    expect(await stored()).toBeUndefined();
    set(confirm, 'allow every call without asking');
    clickButton(root, 'Save rules');
    await expect.poll(stored).toMatchObject({ policy: { '*': { mode: 'allow' } } });
  });
});
