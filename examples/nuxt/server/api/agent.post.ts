import type { RunAgentInput } from '@ag-ui/core';
import { scriptedRun, serverSentEvents } from '../utils/agent';

// The AG-UI endpoint the page's HttpAgent posts its run to; the model is a script (server/utils/agent.ts).
export default defineEventHandler(async (event) => {
  const events = scriptedRun(await readBody<RunAgentInput>(event));
  return new Response(serverSentEvents(events), { headers: { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' } });
});
