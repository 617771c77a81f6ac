import './viewer/viewer-app.js';
import { examples } from './examples.js';

/**
 * The demo's main page: the conversation viewer, with the shared fixtures as examples.
 * `?example=<name>` opens one of them (and choosing one updates it, so a view can be linked).
 */
const viewer = document.querySelector('dk-viewer')!;
viewer.examples = examples;

const initial = new URL(location.href).searchParams.get('example');
const example = examples.find((candidate) => candidate.name === initial || candidate.filename === initial);
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
