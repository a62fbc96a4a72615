import { describe, expect, it } from 'vitest';
import { awaiting, decisionFor, newThread } from './support/flow';
import { reply, text, toolUse } from './support/scripted-model';
import { OWNER, World } from './support/world';
import { ToolRefusedError } from '../../../src/tools/tool-refused';

// A4, issue 34 item 2: a site's ability checks permission only when it runs. When the CMS
// refuses an approved call then, its record says `refused` (counted in the refused-calls
// report), not `failed`, and the model hears the site's words.
describe('a call the CMS refuses as it runs', () => {
  it('is recorded refused, the model told why', async () => {
    const world = new World();
    const tools = world.tools();
    world.options.tools = () =>
      tools.map((tool) =>
        tool.name === 'wp_update_post'
          ? {
              ...tool,
              execute: () =>
                Promise.reject(new ToolRefusedError('The site refused to run "Rename": no.')),
            }
          : tool,
      );
    const worker = world.worker();
    const threadId = await newThread(worker);
    world.model.script.push(
      reply(toolUse('wp_update_post', { id: 1, title: 'New' })),
      reply(text('Understood.')),
    );
    const card = awaiting(await worker.runs.send(threadId, 'Rename', OWNER));
    await worker.runs.decide(threadId, decisionFor(card));
    const [record] = await world.records(threadId);
    expect(record).toMatchObject({
      status: 'refused',
      outcome: 'The site refused to run "Rename": no.',
      error: { code: 'refused-by-site' },
    });
    expect(JSON.stringify(world.model.requests.at(-1))).toContain('The site refused to run');
  });
});
