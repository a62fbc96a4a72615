import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { workerLanguages } from '../support/languages';
import { setLocale } from '../../../src/i18n';
import { approverNotice } from '../../../src/background/approvers/approver-notify';
import { readableTitle } from '../../../src/background/notify';
import type { Approval } from '../../../src/background/approvers/approvals-client';
import { CommandModel, parseCommand } from '../../../src/agent/none/command-model';
import { wordpressCommands } from '../../../src/cms/wordpress/commands';
import type { ModelRequest } from '../../../src/run/model-port';
import { personWireError } from '../../../src/run';
import { InputError } from '../../../src/shared/errors';
import { liveFacts, tools } from '../gate/fixtures';
import { ALLOW, ONCE, decide } from '../gate/gate-table';
import { WORDPRESS_TOOLS } from '../../../src/cms/wordpress/tools';
import { forGate, toolCardDescription, toolLabel } from '../../../src/tools/tool-words';
import { changeLine } from '../../../src/cms/wordpress/preview-lines';
import { fieldLabel } from '../../../src/cms/wordpress/field-words';
import { statusLine } from '../../../src/cms/wordpress/tools/status-card';

beforeAll(workerLanguages);

afterEach(() => setLocale('en'));

const approval: Approval = {
  id: 'rec-1',
  threadId: 't',
  tool: 'wp_update_post',
  toolLabel: 'Update an entry',
  entityTitle: 'Sale <img src=x onerror=alert(1)> &amp; more',
  status: 'waiting',
  requester: { userId: '3', displayName: 'Erika <b>Muster</b>' },
  capability: 'edit_others_posts',
  requiredBy: 'live-write',
  payloadHash: 'a'.repeat(64),
  stamp: '2026-12-01T10:00:00',
  entity: { type: 'post', id: 4 },
  createdAt: 1,
} as Approval;

function reason(decision: ReturnType<typeof decide>): string {
  return 'reason' in decision ? decision.reason : '';
}

describe('issue 37: what the worker composes speaks German when the person chose it', () => {
  it('the approver notification: values filled in, markup stays text', () => {
    setLocale('de');
    expect(approverNotice(approval)).toEqual({
      title: 'Erika Muster bittet Sie um Freigabe',
      message: 'Update an entry für „Sale & more“. Öffnen Sie Countersign, um es zu prüfen.',
    });
    expect(readableTitle('<b></b>')).toBe('(ohne Titel)');
    setLocale('en');
    expect(approverNotice(approval).title).toBe('Erika Muster asks for your approval');
  });

  it("the gate's reasons on a card name the tool as the card does, in German (G1, G2, G3)", () => {
    setLocale('de');
    // A tool the catalogue knows is named in German; one it does not (a site's) by its own label.
    const destroy = forGate({
      ...tools.destroy,
      name: 'wp_delete_entity',
      label: 'Delete permanently',
    });
    expect(destroy.label).toBe('Endgültig löschen');
    expect(reason(decide({ tool: destroy }))).toBe(
      '„Endgültig löschen“ ist zerstörerisch, daher fragt jeder Aufruf nach.',
    );
    expect(reason(decide({ admin: { wp_get_post: ONCE }, tool: forGate(tools.read) }))).toBe(
      'Die Richtlinie des Administrators fragt beim ersten Aufruf von „Read post“ in jedem Verlauf nach (ihre Regel für dieses Werkzeug).',
    );
    const live = { input: { id: 7, title: 'Neu' }, facts: liveFacts };
    const write = forGate({ ...tools.write, label: 'Update an entry' });
    expect(
      reason(decide({ site: { policy: { wp_update_post: ALLOW } }, tool: write, ...live })),
    ).toBe(
      'Die Regel der Website für „Eintrag ändern“ würde ihn ausführen lassen, aber eine Website kann diese Frage nie abschalten: Dieser Aufruf von „Eintrag ändern“ wäre sofort öffentlich sichtbar (er landet nicht als Entwurf), daher fragt er nach.',
    );
  });

  it("a card's title and what the tool does, for every WordPress tool", () => {
    // English is the tools' own words, unchanged; German has one for each.
    for (const tool of WORDPRESS_TOOLS) {
      expect(toolLabel(tool)).toBe(tool.label);
      expect(toolCardDescription(tool)).toBe(tool.cardDescription);
    }
    setLocale('de');
    const byName = new Map(WORDPRESS_TOOLS.map((tool) => [tool.name, tool]));
    expect(toolLabel(byName.get('wp_trash_entity')!)).toBe('In den Papierkorb');
    expect(toolCardDescription(byName.get('wp_delete_entity')!)).toBe(
      'Löscht einen Eintrag endgültig. Das kann nicht rückgängig gemacht werden.',
    );
    for (const tool of WORDPRESS_TOOLS) expect(toolLabel(tool)).not.toBe(tool.label);
    // A tool the catalogue does not know (a site's ability) keeps its own words.
    const ability = { name: 'site/ability', label: 'Sync stock', cardDescription: 'Syncs.' };
    expect(toolLabel(ability)).toBe('Sync stock');
    // Nor does another tool that only shares a name with one it knows.
    const other = { name: 'wp_update_post', label: 'Update post', cardDescription: 'Updates.' };
    expect([toolLabel(other), toolCardDescription(other)]).toEqual(['Update post', 'Updates.']);
  });

  it("a card's field names and preview lines", () => {
    const entity = { typeLabel: 'Beitrag', title: '<i>Sommer</i>', status: 'draft' };
    setLocale('de');
    expect(changeLine(fieldLabel('title'), 'Alt', '<b>Neu</b>')).toBe(
      'Titel: ersetzt „Alt“ durch „<b>Neu</b>“.',
    );
    expect(fieldLabel('meta.color')).toBe('Meta: color');
    expect(statusLine(entity, 'publish')).toBe(
      'Beitrag „<i>Sommer</i>“: Status draft → publish; Besucher sehen ihn sofort.',
    );
    setLocale('en');
    expect(changeLine(fieldLabel('title'), 'Old', 'New')).toBe('Title: replaces "Old" with "New".');
  });

  it('the no-agent mode: help, usage and search answers (issue 37 item 4)', async () => {
    setLocale('de');
    expect(parseCommand('/trash', wordpressCommands)).toEqual({
      help: 'Verwendung: /trash post 12 (oder page 7)',
    });
    expect(parseCommand('/nope', wordpressCommands)).toMatchObject({
      help: expect.stringMatching(/^Befehle: /),
    });
    const request = (query: string, data: unknown[]): ModelRequest =>
      ({
        model: 'none',
        thinking: false,
        maxTokens: 1000,
        system: '',
        tools: [],
        messages: [
          { role: 'user', content: [{ type: 'text', text: query }] },
          {
            role: 'assistant',
            content: [{ type: 'tool_use', id: 'c1', name: 'wp_search_content', input: { query } }],
          },
          {
            role: 'user',
            content: [
              {
                type: 'tool_result',
                tool_use_id: 'c1',
                content: `Found ${data.length} entries for "${query}".\n\n${JSON.stringify(data)}`,
              },
            ],
          },
        ],
      }) satisfies ModelRequest;
    const model = new CommandModel(wordpressCommands, 'WordPress');
    const text = async (r: ModelRequest) => {
      const reply = await model.generate(r);
      return reply.content[0]?.type === 'text' ? reply.content[0].text : '';
    };
    expect(await text(request('<b>Sommer</b>', [{ id: 1 }, { id: 2 }]))).toBe(
      '2 Einträge für „<b>Sommer</b>“ gefunden.',
    );
    expect(await text(request('Herbst', [{ id: 1 }]))).toBe('1 Eintrag für „Herbst“ gefunden.');
    setLocale('en');
    expect(await text(request('fall', [{ id: 1 }, { id: 2 }]))).toBe('Found 2 entries for "fall".');
  });

  it('an unexpected error reads in German; a typed one keeps its own words', () => {
    setLocale('de');
    expect(personWireError(new Error('secret token abc'))).toEqual({
      code: 'internal',
      message: 'Ein unerwarteter Fehler ist aufgetreten; Einzelheiten stehen im Log.',
    });
    expect(personWireError(new InputError('title: too long')).message).toBe('title: too long');
  });
});
