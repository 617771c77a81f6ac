import './viewer/viewer-app.js';
import { examples } from './examples.js';

/**
 * The demo's main page: the conversation viewer, with the shared fixtures as examples. It opens
 * on the first example (a page with something to read), `?example=<name>` on another (and
 * choosing one updates it, so a view can be linked); opening a file is one click away.
 */
const viewer = document.querySelector('dk-viewer')!;
viewer.examples = examples;

const initial = new URL(location.href).searchParams.get('example');
const example = examples.find((candidate) => candidate.name === initial || candidate.filename === initial) ?? examples[0];
if (example) viewer.openText(example.name, example.text);

viewer.addEventListener('example-open', (event) => {
  const url = new URL(location.href);
  url.searchParams.set('example', (event as CustomEvent<{ filename: string }>).detail.filename);
  history.replaceState(null, '', url);
});

// A file dropped beside the viewer (page margins) must not make the browser navigate away to it.
window.addEventListener('dragover', (event) => event.preventDefault());
window.addEventListener('drop', (event) => {
  if (event.defaultPrevented) return;
  event.preventDefault();
  void viewer.openDataTransfer(event.dataTransfer);
});
