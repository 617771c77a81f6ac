// A Node server that renders the conversation into the page; the browser hydrates it.
// `npm run build` first (bundles src/client.js into dist/), then `npm start`.
import { readFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import { renderConversation } from 'display-kit/ssr';

const rows = JSON.parse(await readFile(new URL('../conversation.json', import.meta.url), 'utf8'));
const client = await readFile(new URL('./dist/client.js', import.meta.url));

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
  if (request.url === '/client.js') {
    response.writeHead(200, { 'content-type': 'text/javascript' }).end(client);
    return;
  }
  const conversation = await renderConversation(rows, { toolDisplay: 'compact' });
  response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(page(conversation));
});

server.listen(Number(process.env.PORT ?? 3000), '127.0.0.1', () => {
  console.log(`Listening on http://127.0.0.1:${server.address().port}/`);
});
