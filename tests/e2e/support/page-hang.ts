import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Page } from '@playwright/test';

/** A page held hung; `release` lets it run again. */
export interface Hang {
  release(): Promise<void>;
}

/**
 * Hangs `page`'s main thread, as a plugin script that never yields would, until released:
 * the page makes a synchronous request that a local server answers only on `release` (or
 * after `maxMs`, so a failed test never leaves a browser stuck). Unlike a busy loop of a
 * fixed length, the hang lasts exactly as long as the test needs however slow the machine,
 * and it burns no CPU the rest of the suite needs.
 */
export async function hangPage(page: Page, maxMs = 150_000): Promise<Hang> {
  const held: ServerResponse[] = [];
  const server = createServer((_request, response) => void held.push(response));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hang`;
  let released = false;
  const release = async () => {
    if (released) return;
    released = true;
    clearTimeout(timer);
    for (const response of held.splice(0)) {
      response.writeHead(200, { 'Access-Control-Allow-Origin': '*' }).end('go on');
    }
    await new Promise<void>((resolve) => server.close(() => resolve()));
  };
  const timer = setTimeout(() => void release(), maxMs);
  timer.unref();
  await page.evaluate((target) => {
    setTimeout(() => {
      const request = new XMLHttpRequest();
      request.open('GET', target, false); // synchronous: the page's script stops here
      try {
        request.send();
      } catch {
        // Released or refused: either way the page runs again.
      }
    }, 0);
  }, url);
  const deadline = Date.now() + 10_000;
  while (held.length === 0) {
    if (Date.now() > deadline) {
      await release();
      throw new Error('the page never made the request that hangs it');
    }
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return { release };
}
