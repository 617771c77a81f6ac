import { renderConversation } from 'display-kit/ssr';
import rows from '../../../conversation.json';

// The saved conversation as HTML, declarative shadow DOM included; the page asks for it while it renders on the server.
export default defineEventHandler(async () => ({ html: await renderConversation(rows, { toolDisplay: 'compact' }) }));
