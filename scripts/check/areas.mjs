/**
 * The area of the kit or the package a bundled module belongs to, from its path relative to the
 * repository: a folder of dist/ two levels deep (`elements/message-list`, `markdown`), or a
 * package of node_modules. Null for anything else (a measuring page's own code).
 */
export function areaOf(file) {
  const inPackage = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(file);
  if (inPackage) return `${inPackage[1]} (dependency)`;
  if (!file.startsWith('dist/')) return null;
  const parts = file.split('/').slice(1, -1);
  if (parts[0] === '_virtual') return "(the build's helpers)";
  return parts.length === 0 ? '(the root)' : parts.slice(0, parts[0] === 'elements' ? 2 : 1).join('/');
}
