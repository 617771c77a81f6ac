import { renderConversation } from 'display-kit/ssr';
import rows from '../../conversation.json';
import { Chat } from './Chat';

// Rendered on each request, in the server's zone; the browser draws the times again in the reader's.
export const dynamic = 'force-dynamic';

// A server component: the saved conversation as HTML, declarative shadow DOM included, in the page before any script runs.
export default async function Page() {
  const conversation = await renderConversation(rows, { toolDisplay: 'compact' });
  return <Chat conversation={conversation} />;
}
