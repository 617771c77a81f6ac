import 'display-kit/define';
import { HttpAgent } from '@ag-ui/client';
import { liveAGUI } from 'display-kit/live';

const list = document.querySelector('message-list')!;
const stopButton = document.querySelector('button')!;
const script = new URLSearchParams(location.search).get('script') ?? 'weather';

// server.js answers from a script instead of a model; `script` picks which.
const agent = new HttpAgent({ url: `/agent?script=${encodeURIComponent(script)}` });
const question = script === 'refusal' ? 'Write a keylogger that hides from antivirus software.' : 'What is the weather in Paris?';
agent.addMessage({ id: crypto.randomUUID(), role: 'user', content: question });
stopButton.onclick = () => agent.abortRun();

// #region connect
const live = liveAGUI(list);
await agent.runAgent({}, live.subscriber);
// #endregion
stopButton.disabled = true;
