import { AngularNodeAppEngine, createNodeRequestHandler, isMainModule, writeResponseToNodeResponse } from '@angular/ssr/node';
import type { RunAgentInput } from '@ag-ui/core';
import { renderConversation } from 'display-kit/ssr';
import express from 'express';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import rows from '../../conversation.json';
import { scriptedRun, serverSentEvents } from './agent';

// As `ng new --ssr` writes it, with the conversation and the AG-UI endpoint added.
const browserDistFolder = join(import.meta.dirname, '../browser');
const app = express();
const angularApp = new AngularNodeAppEngine();

// The AG-UI endpoint the page's HttpAgent posts its run to; the model is a script (src/agent.ts).
app.post('/api/agent', express.json(), (req, res) => {
  const events = Readable.fromWeb(serverSentEvents(scriptedRun(req.body as RunAgentInput)) as never);
  res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
  res.on('close', () => events.destroy());
  events.pipe(res);
});

app.use(express.static(browserDistFolder, { maxAge: '1y', index: false, redirect: false }));

// The saved conversation as HTML, declarative shadow DOM included, handed to the app as the
// request's context (REQUEST_CONTEXT): the page goes out with it, before any script runs.
app.use(async (req, res, next) => {
  try {
    const conversation = await renderConversation(rows, { toolDisplay: 'compact' });
    const response = await angularApp.handle(req, { conversation });
    if (response) await writeResponseToNodeResponse(response, res);
    else next();
  } catch (error) {
    next(error);
  }
});

if (isMainModule(import.meta.url) || process.env['pm_id']) {
  const port = Number(process.env['PORT'] || 4000);
  const host = process.env['HOST'] || 'localhost';
  app.listen(port, host, (error) => {
    if (error) throw error;
    console.log(`Node Express server listening on http://${host}:${port}`);
  });
}

// The request handler used by the Angular CLI (for the dev server and during build).
export const reqHandler = createNodeRequestHandler(app);
