// R3: without a model the panel's commands become WordPress tool calls. The command
// translator knows no tool names; WordPress's come from its adapter (issue 35 item 5).
import { describe, expect, it } from 'vitest';
import { CommandModel, parseCommand } from '../../../../src/agent/none/command-model';
import { wordpressCommands } from '../../../../src/cms/wordpress/commands';
import { createRegistry } from '../../../../src/tools/registry';
import { WORDPRESS_TOOLS } from '../../../../src/cms/wordpress/tools';
import type { ModelRequest } from '../../../../src/run/model-port';

describe("the panel's commands in WordPress", () => {
  it('become calls of WordPress tools the registry knows, with inputs those tools accept', () => {
    const registry = createRegistry([...WORDPRESS_TOOLS]);
    const typed = [
      '/search summer',
      'summer',
      '/open edit.php?post_type=page',
      '/publish 12',
      '/trash page 7',
    ];
    for (const text of typed) {
      const call = parseCommand(text, wordpressCommands);
      if ('help' in call) throw new Error(`${text}: ${call.help}`);
      const tool = registry.get(call.tool);
      expect(tool, text).toBeDefined();
      expect(tool!.input.safeParse(call.input).success, text).toBe(true);
    }
    expect(parseCommand('/publish 12', wordpressCommands)).toEqual({
      tool: 'wp_set_status',
      input: { type: 'post', id: 12, status: 'publish' },
    });
    expect(parseCommand('/trash page 7', wordpressCommands)).toEqual({
      tool: 'wp_trash_entity',
      input: { type: 'page', id: 7 },
    });
  });

  it("say each outcome in the person's words, keeping WordPress's when it chose otherwise", async () => {
    const model = new CommandModel(wordpressCommands, 'WordPress');
    const said = async (name: string, input: Record<string, unknown>, result: string) => {
      const request = {
        model: 'none',
        thinking: false,
        maxTokens: 1000,
        system: '',
        tools: [],
        messages: [
          { role: 'user', content: [{ type: 'text', text: '/x' }] },
          { role: 'assistant', content: [{ type: 'tool_use', id: 'c1', name, input }] },
          { role: 'user', content: [{ type: 'tool_result', tool_use_id: 'c1', content: result }] },
        ],
      } satisfies ModelRequest;
      const reply = await model.generate(request);
      return reply.content[0]?.type === 'text' ? reply.content[0].text : '';
    };
    const ref = { type: 'post', id: 12 };
    expect(await said('wp_open_admin', { path: 'edit.php' }, 'Opened.')).toContain('edit.php');
    expect(await said('wp_trash_entity', ref, 'Trashed post 12.')).toMatch(/12/);
    const published = await said('wp_set_status', { ...ref, status: 'publish' }, 'Set post 12.');
    expect(published).not.toBe('Set post 12.');
    expect(published).toMatch(/12/);
    const scheduled = 'Set post 12 to publish. WordPress made it future, not publish.';
    expect(await said('wp_set_status', { ...ref, status: 'publish' }, scheduled)).toBe(scheduled);
    // A tool no command names: its own first line.
    expect(await said('wp_get_entity', ref, 'Post 12.\n{}')).toBe('Post 12.');
  });
});
