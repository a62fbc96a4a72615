// Ability names become tool names the model API accepts, reversibly and without collisions
// (issue 34 item 2): `namespace/name` has a `/` the API refuses and may be over 64 characters.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  abilityNameOfTool,
  isAbilityToolName,
  MAX_TOOL_NAME,
  toolNameOfAbility,
} from '../../../../../src/cms/wordpress/abilities/names';
import { WORDPRESS_TOOLS } from '../../../../../src/cms/wordpress/tools';

const MODEL_TOOL_NAME = /^[a-zA-Z0-9_-]{1,64}$/;
const part = (max: number) => fc.stringMatching(new RegExp(`^[a-z0-9-]{1,${max}}$`));
const abilityName = (max = 120) => fc.tuple(part(max), part(max)).map(([a, b]) => `${a}/${b}`);

describe('ability tool names', () => {
  it('are always within the model API charset and length', () => {
    fc.assert(
      fc.property(abilityName(), (name) => {
        expect(toolNameOfAbility(name)).toMatch(MODEL_TOOL_NAME);
      }),
    );
  });

  it('map back to the ability without a table whenever they fit', () => {
    fc.assert(
      fc.property(abilityName(30), (name) => {
        const tool = toolNameOfAbility(name);
        expect(tool.length).toBeLessThanOrEqual(MAX_TOOL_NAME);
        expect(abilityNameOfTool(tool)).toBe(name);
      }),
    );
    expect(toolNameOfAbility('core/get-site-info')).toBe('ab_core_get-site-info');
  });

  it('never give two abilities the same tool name, shortened or not', () => {
    fc.assert(
      fc.property(fc.uniqueArray(abilityName(), { minLength: 2, maxLength: 60 }), (names) => {
        const tools = names.map((name) => toolNameOfAbility(name));
        expect(new Set(tools).size).toBe(names.length);
        // Issue 34 item 3: the page's abilities never share a name with the site's.
        const both = [...tools, ...names.map((name) => toolNameOfAbility(name, 'page'))];
        expect(new Set(both).size).toBe(names.length * 2);
      }),
    );
    // Two long names that differ only after the readable start still differ.
    const long = 'plugin/' + 'x'.repeat(80);
    const a = toolNameOfAbility(long + 'a');
    const b = toolNameOfAbility(long + 'b');
    expect(a).not.toBe(b);
    expect(a.length).toBe(MAX_TOOL_NAME);
    expect(a.startsWith('abh_')).toBe(true);
    expect(a).toContain('plugin_xxx');
  });

  it('never read a shortened name as a plain one, nor a WordPress tool as an ability', () => {
    const shortened = toolNameOfAbility('a/' + 'b'.repeat(100));
    expect(abilityNameOfTool(shortened)).toBeUndefined();
    expect(isAbilityToolName(shortened)).toBe(true);
    for (const tool of WORDPRESS_TOOLS) {
      expect(isAbilityToolName(tool.name)).toBe(false);
      expect(abilityNameOfTool(tool.name)).toBeUndefined();
    }
  });

  it('refuses what WordPress would not register as an ability name', () => {
    for (const bad of ['core', 'Core/x', 'a/b/c', 'a_b/c', '', 'a/', '/b', 'a/b\n']) {
      expect(() => toolNameOfAbility(bad)).toThrow(/not a WordPress ability name/);
    }
    for (const bad of ['ab_', 'ab_a', 'ab_a_b_c', 'ab_A_b', 'wp_update_post']) {
      expect(abilityNameOfTool(bad)).toBeUndefined();
    }
  });
});
