import '../src/index.js';
import { fixtures } from './fixtures.js';

const picker = document.querySelector<HTMLSelectElement>('#fixture-picker')!;
const list = document.querySelector('message-list')!;

for (const name of Object.keys(fixtures)) picker.append(new Option(name, name));

function show(name: string): void {
  list.items = fixtures[name] ?? [];
  const url = new URL(location.href);
  url.searchParams.set('fixture', name);
  history.replaceState(null, '', url);
}

picker.addEventListener('change', () => show(picker.value));
const initial = new URL(location.href).searchParams.get('fixture');
picker.value = initial && initial in fixtures ? initial : picker.options[0].value;
show(picker.value);
