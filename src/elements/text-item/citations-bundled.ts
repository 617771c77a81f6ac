import * as citations from './citations.js';

/**
 * The no-build bundle's `fetchCitations` (vite.bundle.config.ts puts it in place of
 * `./citations-fetch.ts`): the citations are in the file itself.
 */
export const fetchCitations = async () => citations;
