import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createRegistry, isUnclassified, ToolRegistry } from '../../../src/tools/registry';
import { ToolDefinitionError } from '../../../src/tools/tool-definition-error';
import { makeTool } from './make-tool';

function registerError(tool = makeTool()): ToolDefinitionError {
  try {
    createRegistry([tool]);
  } catch (error) {
    if (error instanceof ToolDefinitionError) return error;
    throw error;
  }
  throw new Error('expected registration to fail');
}

describe('tool registry: registration', () => {
  it('T1: converts the zod input to JSON Schema once, for the input side', () => {
    const registry = createRegistry([makeTool()]);
    const [definition] = registry.definitions();
    expect(definition).toEqual({
      name: 'wp_update_post',
      description: 'Use to change the title or status of an existing post.',
      input_schema: {
        type: 'object',
        properties: {
          id: { type: 'number', description: 'The post id.' },
          title: { type: 'string', description: 'The new title.' },
          status: { type: 'string', enum: ['draft', 'publish'], description: 'The new status.' },
        },
        required: ['id'],
      },
    });
    // The same frozen object each time: nothing is converted again per request.
    expect(registry.definitions()[0]?.input_schema).toBe(definition?.input_schema);
    expect(Object.isFrozen(definition?.input_schema)).toBe(true);
  });

  it('T1: a defaulted field is optional for the model', () => {
    const input = z.object({ n: z.number().default(3).describe('How many.') });
    const schema = createRegistry([makeTool({ input })]).definitions()[0]?.input_schema;
    expect(schema?.required).toBeUndefined();
    expect(schema?.properties).toEqual({
      n: { type: 'number', default: 3, description: 'How many.' },
    });
  });

  it('T1: get, list and names follow registration order', () => {
    const a = makeTool({ name: 'wp_get_post' });
    const b = makeTool({ name: 'wp_update_post' });
    const registry = new ToolRegistry().register(a).register(b);
    expect(registry.get('wp_update_post')).toBe(b);
    expect(registry.get('wp_nothing_here')).toBeUndefined();
    expect(registry.list()).toEqual([a, b]);
    expect(registry.names()).toEqual(['wp_get_post', 'wp_update_post']);
  });

  it('T2: a tool without classification is unclassified', () => {
    expect(isUnclassified(makeTool({ classification: undefined }))).toBe(true);
    expect(isUnclassified(makeTool())).toBe(false);
  });
});

const describedString = z.string().describe('A value.');

describe('tool registry: refuses shapes the model cannot be told about honestly', () => {
  it.each([
    ['camelCase', 'wpUpdatePost'],
    ['a single word', 'update'],
    ['a slash', 'admin/open'],
    ['a leading digit', '1_update_post'],
    ['a trailing underscore', 'update_post_'],
    ['more than 64 characters', `update_${'x'.repeat(60)}`],
  ])('STYLE 3: a name with %s is refused', (_label, name) => {
    const error = registerError(makeTool({ name }));
    expect(error.message).toContain(`"${name}"`);
    expect(error.message).toContain('snake_case verb_noun');
  });

  it('T1: a duplicate name is refused, naming the tool', () => {
    const registry = createRegistry([makeTool()]);
    expect(() => registry.register(makeTool())).toThrow(
      'Tool "wp_update_post" cannot be registered: another tool already has this name.',
    );
  });

  it.each([
    [
      'a union',
      z.union([z.object({ a: describedString }), z.object({ b: describedString })]),
      'union',
    ],
    ['a string', z.string().describe('x'), 'string'],
    ['a record', z.record(z.string(), describedString), 'record'],
    ['an object behind a transform', z.object({ a: describedString }).transform((v) => v), 'pipe'],
  ])('T1: a non-object root (%s) is refused', (_label, input, type) => {
    const error = registerError(makeTool({ input: input as z.ZodType }));
    expect(error.message).toContain('must be a z.object(...) at the root');
    expect(error.message).toContain(type);
  });

  it.each([
    ['a transform', z.string().transform((s) => s.length), 'field "a" uses a transform'],
    ['a preprocess', z.preprocess((v) => String(v), z.string()), 'field "a" uses a transform'],
    [
      'a codec',
      z.codec(z.string(), z.number(), { decode: Number, encode: String }),
      'field "a" uses a transform',
    ],
    ['a Date', z.date(), 'field "a" uses a Date'],
    ['a BigInt', z.bigint(), 'field "a" uses a BigInt'],
    ['a Map', z.map(z.string(), z.string()), 'field "a" uses a Map'],
    ['a Set', z.set(z.string()), 'field "a" uses a Set'],
    ['a custom type', z.custom<string>(() => true), 'field "a" uses a z.custom type'],
    ['undefined', z.undefined(), 'field "a" uses an undefined type'],
  ])('T1: %s in a field is refused, naming the field', (_label, field, expected) => {
    const error = registerError(makeTool({ input: z.object({ a: field.describe('A.') }) }));
    expect(error.message).toContain('Tool "wp_update_post" cannot be registered');
    expect(error.message).toContain(expected);
  });

  it('T1: an unsupported type deep inside names its full path', () => {
    const input = z.object({
      meta: z
        .object({ tags: z.array(z.object({ at: z.date().describe('When.') })).describe('Tags.') })
        .describe('Meta.'),
    });
    expect(registerError(makeTool({ input })).message).toContain(
      'field "meta.tags[].at" uses a Date',
    );
  });

  it('T1: refinements are allowed (they only narrow the same type)', () => {
    const input = z.object({
      a: z
        .string()
        .refine((s) => s.length > 0)
        .describe('A.'),
    });
    expect(() => createRegistry([makeTool({ input })])).not.toThrow();
  });

  it('STYLE 3: fields without .describe() are refused, all of them named', () => {
    const input = z.object({
      id: z.number(),
      title: z.string().describe('Title.'),
      meta: z.object({ color: z.string(), size: z.number().describe('Size.') }).describe('Meta.'),
      items: z.array(z.object({ label: z.string() })).describe('Items.'),
    });
    const error = registerError(makeTool({ input }));
    expect(error.message).toContain('missing on "id", "meta.color", "items[].label"');
    expect(error.message).not.toContain('"title"');
  });

  it('STYLE 3: a description on the optional wrapper counts', () => {
    const input = z.object({ a: z.string().optional().describe('A.') });
    expect(() => createRegistry([makeTool({ input })])).not.toThrow();
  });

  it('STYLE 3: a recursive field is described through its reference', () => {
    interface Node {
      name: string;
      children: Node[];
    }
    const node: z.ZodType<Node> = z.lazy(() =>
      z.object({ name: z.string().describe('Name.'), children: z.array(node).describe('Kids.') }),
    );
    const input = z.object({ tree: node.describe('The tree.') });
    expect(() => createRegistry([makeTool({ input })])).not.toThrow();
  });

  it.each(['label', 'description', 'cardDescription'] as const)(
    'T1: an empty %s is refused',
    (field) => {
      const error = registerError(makeTool({ [field]: '  ' }));
      expect(error.message).toBe(
        `Tool "wp_update_post" cannot be registered: its ${field} is empty (T1).`,
      );
    },
  );

  it('T2: an unknown kind is refused', () => {
    const classification = { kind: 'publish', destructive: false } as never;
    expect(registerError(makeTool({ classification })).message).toContain(
      'kind "publish" is unknown',
    );
  });

  it('T2: changes must name fields the input has', () => {
    const classification = {
      kind: 'write' as const,
      destructive: false,
      changes: { entity: ['id'], values: ['title', 'content'] },
    };
    expect(registerError(makeTool({ classification })).message).toContain('does not have: content');
  });
});
