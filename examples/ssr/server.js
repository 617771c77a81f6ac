// A Node server that renders the conversation into the page; the browser hydrates it.
// `npm run build` first (bundles src/client.js into dist/), then `npm start`.
import { readFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import { renderConversation } from 'display-kit/ssr';

const rows = JSON.parse(await readFile(new URL('../conversation.json', import.meta.url), 'utf8'));
const built = new URL('./dist/', import.meta.url);

/**
 * The browser's code: client.js and the chunks the build split off beside it, which the kit loads
 * when a reader first needs them (tool views, find, citations) and a bundler may also share.
 */
async function script(path) {
  if (!/^\/(?:assets\/)?[\w.-]+\.js$/.test(path)) return null;
  return readFile(new URL(`.${path}`, built)).catch(() => null);
}

const page = (conversation) => `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <title>display-kit rendered on the server</title>
    <script type="module" src="/client.js"></script>
  </head>
  <body>
    ${conversation}
  </body>
</html>`;

const server = createServer(async (request, response) => {
  const code = await script(new URL(request.url ?? '/', 'http://localhost').pathname);
  if (code) {
    response.writeHead(200, { 'content-type': 'text/javascript' }).end(code);
    return;
  }
  const conversation = await renderConversation(rows, { toolDisplay: 'compact' });
  response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(page(conversation));
});

server.listen(Number(process.env.PORT ?? 3000), '127.0.0.1', () => {
  console.log(`Listening on http://127.0.0.1:${server.address().port}/`);
});
