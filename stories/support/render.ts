/**
 * The render every element story shares (preview.ts): it makes the element and applies each arg
 * the way its row in `api.ts` says: an attribute set or removed, a CSS custom property set on the
 * element's style, data given as a property. An arg with no such row (a story's own) is set as a
 * property, as Storybook's default render does.
 */
import type { ArgTypes, Args } from 'storybook/internal/types';
import type { ApiRow } from './api.js';

function setAttribute(element: Element, name: string, value: unknown): void {
  if (value === false || value === null || value === undefined) element.removeAttribute(name);
  else element.setAttribute(name, value === true ? '' : String(value));
}

function setStyle(element: HTMLElement, name: string, value: unknown): void {
  if (value === null || value === undefined || value === '') element.style.removeProperty(name);
  else element.style.setProperty(name, String(value));
}

/** Applies `args` to `element`, each as its row in `argTypes` says. */
export function applyArgs(element: HTMLElement, args: Args, argTypes: ArgTypes): void {
  for (const [key, value] of Object.entries(args)) {
    const apply = (argTypes[key] as ApiRow | undefined)?.apply;
    if (apply?.to === 'attribute') setAttribute(element, apply.name, value);
    else if (apply?.to === 'style') setStyle(element, apply.name, value);
    else (element as unknown as Record<string, unknown>)[apply?.name ?? key] = value;
  }
}

/** Storybook's `render` for a story whose meta names a `component` tag. */
export function renderElement(args: Args, context: { component?: unknown; argTypes: ArgTypes; id: string }): HTMLElement {
  if (typeof context.component !== 'string') throw new Error(`Story ${context.id} names no component tag to render`);
  const element = document.createElement(context.component);
  applyArgs(element, args, context.argTypes);
  return element;
}
