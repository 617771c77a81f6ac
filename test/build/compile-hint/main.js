// A module of "the kit" that loads two others on first use, which share a third: Vite preloads
// the shared chunk with either, so it writes its preload map first.
export function showLater() {
  return import('./later.js').then((later) => later.shown('marker-for-the-map'));
}
export const showOther = () => import('./other.js').then((other) => other.other());
showLater();
document.addEventListener('click', showOther);
