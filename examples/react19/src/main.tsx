import { createRoot } from 'react-dom/client';
import rows from '../../conversation.json';
import { Chat } from './Chat';

createRoot(document.getElementById('root')!).render(<Chat rows={rows} />);
