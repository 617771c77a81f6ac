import type { RunAgentInput } from '@ag-ui/core';
import { scriptedRun, serverSentEvents } from '$lib/server/agent';
import type { RequestHandler } from './$types';

// The AG-UI endpoint the page's HttpAgent posts its run to; the model is a script (src/lib/server/agent.ts).
export const POST: RequestHandler = async ({ request }) => {
  const events = scriptedRun((await request.json()) as RunAgentInput);
  return new Response(serverSentEvents(events), { headers: { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' } });
};
