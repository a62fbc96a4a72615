// What an ability's approval card will list (issue 34 item 2; C3, C4): arguments with the
// schema's titles and descriptions, an entity id marked for lookup by name, values as data,
// and the sentences a person needs because the site says nothing about them.
import { describe, expect, it } from 'vitest';
import { abilityCardData } from '../../../../../src/cms/wordpress/abilities/card';

const inputSchema = {
  type: 'object',
  properties: {
    post_id: { type: 'integer', title: 'Post', description: 'The post this ability acts on.' },
    note: { type: 'string', description: '' },
  },
};

describe('ability card data', () => {
  it('lists arguments with the schema’s titles and descriptions, ids marked by kind', () => {
    const card = abilityCardData(
      { cls: 'write', inputSchema, notes: [] },
      { post_id: 12, note: '<img src=x onerror=alert(1)>' },
    );
    expect(card.arguments).toEqual([
      {
        key: 'post_id',
        title: 'Post',
        description: 'The post this ability acts on.',
        value: '12',
        names: { kind: 'post', id: 12 },
      },
      // No title: the key; the value stays text (rendered as text by the card).
      {
        key: 'note',
        title: 'note',
        description: undefined,
        value: '<img src=x onerror=alert(1)>',
        names: undefined,
      },
    ]);
  });

  it('never marks a value that is not a positive whole number as an entity', () => {
    const card = abilityCardData(
      { cls: 'write', inputSchema, notes: [] },
      { post_id: '12', user_id: -1, media: 3 },
    );
    expect(card.arguments.map((a) => a.names)).toEqual([
      undefined,
      undefined,
      { kind: 'media', id: 3 },
    ]);
  });

  it('says permission is checked only when it runs, and what a write does not declare', () => {
    const read = abilityCardData({ cls: 'read', inputSchema: undefined, notes: [] }, undefined);
    expect(read.notes).toEqual([
      'The site checks whether you may run this only when it runs: there is no trial run.',
    ]);
    const unclassified = abilityCardData(
      {
        cls: 'unclassified',
        inputSchema: undefined,
        notes: ['text patterns are checked by the site when the ability runs'],
      },
      {},
    );
    expect(unclassified.notes).toEqual([
      'The site checks whether you may run this only when it runs: there is no trial run.',
      'The site does not say what this replaces or whether it can be undone.',
      'Its plugin does not say what kind of change this makes, so it always asks.',
      'Text patterns are checked by the site when the ability runs.',
    ]);
  });

  it('bounds long values', () => {
    const card = abilityCardData(
      { cls: 'write', inputSchema, notes: [] },
      { note: 'x'.repeat(5000) },
    );
    expect(card.arguments[0]?.value.length).toBe(2001);
  });
});
