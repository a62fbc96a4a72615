import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A page that looks like a WordPress admin but is not one, served on 127.0.0.1 (granted at
 * install) so the page readers run on it. `globals` is inline script, exactly as a hostile
 * or broken page could write it.
 */
export async function serveFakeAdmin(
  globals: string,
): Promise<{ url: string; close(): Promise<void> }> {
  const server: Server = createServer((req, res) => {
    if (req.url?.startsWith('/wp-admin/admin-ajax.php')) {
      res.writeHead(400, { 'content-type': 'text/plain' }).end('0');
      return;
    }
    if (req.url?.startsWith('/wp-json/') || req.url?.includes('rest_route')) {
      res
        .writeHead(401, { 'content-type': 'application/json' })
        .end('{"code":"rest_not_logged_in","message":"You are not currently logged in."}');
      return;
    }
    res
      .writeHead(200, { 'content-type': 'text/html' })
      .end(
        `<!doctype html><html><head><title>Dashboard</title><script>${globals}</script></head>` +
          `<body class="wp-admin wp-core-ui index-php"><div id="wpwrap">Fake admin</div></body></html>`,
      );
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/wp-admin/index.php`,
    close: () =>
      new Promise((done) => {
        server.closeAllConnections();
        server.close(() => done());
      }),
  };
}
