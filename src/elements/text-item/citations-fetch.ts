/** Fetches the citations code: a chunk of its own wherever the kit is bundled by an app. */
export const fetchCitations = () => import('./citations.js');
