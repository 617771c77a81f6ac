import { unsafeStatic, type StaticValue } from 'lit/static-html.js';

const warned = new Set<string>();
/** The kit's classes by their default tags, as their define modules registered them. */
const kitElements = new Map<string, CustomElementConstructor>();

/**
 * Registers a kit element under its tag unless that tag is taken. Taken by this very class (the
 * kit loaded twice through the same module) is fine; taken by another class means the kit's
 * element would silently never render, so it says so once and names the way out.
 */
export function defineElement(tag: string, element: CustomElementConstructor): void {
  knowElement(tag, element);
  const registry = globalThis.customElements;
  if (!registry) return;
  const existing = registry.get(tag);
  if (!existing) {
    if (!nameOf(element)) registry.define(tag, element);
    return;
  }
  if (existing === element || warned.has(tag)) return;
  warned.add(tag);
  console.warn(
    `display-kit: <${tag}> is already defined by another class. Register ${element.name} under a name of your own ` +
      `(customElements.define('dk-${tag}', ${element.name})): the kit creates it by that name.`,
  );
}

/**
 * Makes a kit class known by its default tag as soon as its module loads, define module or not:
 * another element's template then creates it by whatever name the host registered it under
 * (`loadedTag`) without importing the class.
 */
export function knowElement(tag: string, element: CustomElementConstructor): void {
  kitElements.set(tag, element);
}

const tags = new WeakMap<CustomElementConstructor, StaticValue>();

/**
 * The tag a kit element is registered under, for templates that create it: the host may have
 * registered the class under a name of its own. Until the class is registered anywhere, its
 * default tag.
 */
export function tagOf(element: CustomElementConstructor, fallback: string): StaticValue {
  const known = tags.get(element);
  if (known) return known;
  const name = nameOf(element);
  const tag = unsafeStatic(name ?? fallback);
  if (name) tags.set(element, tag);
  return tag;
}

/** The name `element` is registered under, if it is. */
export function nameOf(element: CustomElementConstructor): string | null {
  return globalThis.customElements?.getName?.(element) ?? null;
}

/**
 * The tag of the kit element whose default tag is `tag`, once its define module has run (the
 * host may have registered the class under a name of its own) or a class is registered under
 * `tag` itself (a host that registers the classes without the define modules); null before,
 * while its code is still to load.
 */
export function loadedTag(tag: string): StaticValue | null {
  const element = kitElements.get(tag) ?? globalThis.customElements?.get(tag);
  return element ? tagOf(element, tag) : null;
}
