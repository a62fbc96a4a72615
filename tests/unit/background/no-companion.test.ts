// Issue 35 item 5: a companion server is an optional capability of a CMS. Ledger has none:
// through the worker's own wiring (buildServices, as startBackground builds it) a thread
// still reaches an approved write, its audit is kept in this browser and queued for no
// site, the site has no rules of its own, no mirror starts, and the site's AI connection
// says plainly it is not there. (Runs isolated: buildServices opens the worker's one audit
// log, a module-level singleton.)
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { queuedByTarget } from '../../../src/audit';
import { startMirror } from '../../../src/background/audit-service';
import {
  answerWithout,
  approvalsPortListener,
} from '../../../src/background/approvers/approvals-port';
import type { ApprovalsPush } from '../../../src/shared/protocols/approvals-protocol';
import { ContextStore } from '../../../src/background/context-store';
import { buildServices } from '../../../src/background/services';
import { siteModelConnection } from '../../../src/background/site-model';
import type { ThreadPush } from '../../../src/shared/protocols/thread-protocol';
import { block, startModelServer, turn, type ModelServer } from '../../support/model-server';
import {
  approveOnTab1,
  lastView,
  ledger,
  ledgerTab,
  ORIGIN,
  site,
  useModelServer,
} from './support/ledger';

let model: ModelServer;
beforeAll(async () => {
  model = await startModelServer();
});
afterAll(() => model.close());

describe('a CMS without a companion server', () => {
  it('runs a thread to an approved write with the audit kept here alone', async () => {
    fakeBrowser.reset();
    await useModelServer(model.url);
    const contexts = new ContextStore(chrome.storage.session);
    await ledgerTab(contexts);
    const services = buildServices(contexts, ledger);
    const pushes: ThreadPush[] = [];
    const panel = services.threads.connect((push) => pushes.push(push));
    const view = () => lastView(pushes);
    model.setScript([
      turn.reply([block.toolUse('ledger_rename_note', { note: 4, title: 'Market' }, 'toolu_1')]),
      turn.text('Renamed.', { match: { toolResultFor: 'toolu_1' } }),
    ]);
    await panel.handle({ type: 'thread-open', tabId: 1, fresh: true });
    const threadId = view()!.threadId;
    await panel.handle({ type: 'message-send', threadId, text: 'Rename note 4' });
    const asked = view()!.items.find((i) => i.kind === 'approval');
    if (asked?.kind !== 'approval') throw new Error('no approval card');
    expect(site.writes).toEqual([]);
    await panel.handle(approveOnTab1(threadId, asked.card));
    expect(site.writes).toEqual(['4:Market']);
    expect(view()!.items.at(-1)).toMatchObject({ kind: 'assistant', text: 'Renamed.' });

    // The audit: the call is recorded as run, in this browser, and waits for no site.
    const records = await services.audit.byThread(threadId);
    expect(records.map((r) => [r.tool, r.status])).toEqual([['ledger_rename_note', 'run']]);
    expect(await queuedByTarget(services.audit.db)).toEqual([]);
    expect(startMirror(contexts, ledger)).toBeUndefined();

    // The site has no rules of its own (not "unreadable", which would stop every write).
    const target = { siteRoot: `${ORIGIN}/ledger/api/`, userId: '7' };
    expect((await services.sitePolicies.read(target)).status).toBe('none');
    await expect(services.sitePolicies.write(target, 0, {})).rejects.toThrow(
      /no Countersign server/,
    );

    // The site's AI connection: said plainly, in the CMS's name.
    expect(() =>
      siteModelConnection(ledger, { context: { restRoot: target.siteRoot } } as never),
    ).toThrow(/Ledger sites have no AI connection of their own/);
  });

  it('the approvals view says no call waits for a second approver here, and why', async () => {
    const pushes: ApprovalsPush[] = [];
    const listeners: ((raw: unknown) => void)[] = [];
    const port = {
      name: 'approvals',
      sender: { id: chrome.runtime.id, url: chrome.runtime.getURL('/approvals.html') },
      postMessage: (push: ApprovalsPush) => pushes.push(push),
      onMessage: { addListener: (l: (raw: unknown) => void) => listeners.push(l) },
      disconnect: () => {
        throw new Error('the extension page was refused');
      },
    };
    approvalsPortListener(answerWithout(ledger.label))(port as never);
    const said = async (raw: unknown) => {
      for (const listener of listeners) listener(raw);
      await expect.poll(() => pushes.length).toBeGreaterThan(0);
      return pushes.splice(0)[0];
    };
    const why =
      'Ledger sites have no Countersign server, so no call waits here for a second approver';
    const list = await said({ type: 'list' });
    expect(list).toMatchObject({ type: 'list', items: [] });
    expect(list?.type === 'list' && list.problems[0]).toContain(why);
    const target = { siteRoot: `${ORIGIN}/ledger/api/`, userId: '7' };
    expect(await said({ type: 'read', target, id: 'rec-1' })).toMatchObject({
      type: 'error',
      id: 'rec-1',
      message: expect.stringContaining(why),
    });
    expect(await said({ type: 'delete-everything' })).toEqual({
      type: 'error',
      message: 'The approvals view sent a request the background does not understand.',
    });

    // A page that is not the extension's own gets no port at all.
    let refused = false;
    approvalsPortListener(answerWithout(ledger.label))({
      ...port,
      sender: { id: 'another-extension', url: 'chrome-extension://another-extension/x.html' },
      disconnect: () => void (refused = true),
    } as never);
    expect(refused).toBe(true);
  });
});
