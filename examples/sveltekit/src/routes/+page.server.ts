import { renderConversation } from 'display-kit/ssr';
import rows from '../../../conversation.json';
import type { PageServerLoad } from './$types';

// The saved conversation as HTML, declarative shadow DOM included: it is in the page before any script runs.
export const load: PageServerLoad = async () => ({ conversation: await renderConversation(rows, { toolDisplay: 'compact' }) });
