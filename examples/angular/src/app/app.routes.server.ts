import { RenderMode, type ServerRoute } from '@angular/ssr';

// Every route renders on request, in Node (src/server.ts), with the request's conversation. Not
// `RenderMode.Prerender`, which `ng new --ssr` writes: a page prerendered at build time has no list.
export const serverRoutes: ServerRoute[] = [{ path: '**', renderMode: RenderMode.Server }];
