/**
 * The docs page of every element (`parameters.docs.page` in each element's meta): its JSDoc,
 * the main story with its controls, the whole API from custom-elements.json in one order of
 * sections (the rows of `api.ts`), a "Customizing" example (the meta's `parameters.customizing`
 * CSS), then every story. Plain `createElement`: the stories are TypeScript without JSX.
 */
import { createElement as h, Fragment } from 'react';
import { Controls, Description, Heading, Markdown, Primary, Source, Stories, Title, useOf } from '@storybook/addon-docs/blocks';

/** The docs run in Storybook's preview frame: a link to another page opens in the whole window. */
const TOKENS_PAGE = './?path=/docs/guides-design-tokens--docs';

function Customizing() {
  const { preparedMeta } = useOf('meta', ['meta']);
  const css = preparedMeta.parameters.customizing as string | undefined;
  if (!css) return null;
  return h(
    Fragment,
    null,
    h(Heading, null, 'Customizing'),
    h(
      'p',
      null,
      'Theme the element from outside with its CSS custom properties and ',
      h('code', null, '::part()'),
      ' rules (both listed above), its custom states (',
      h('code', null, ':state()'),
      '), and the ',
      h('a', { href: TOKENS_PAGE, target: '_top' }, 'design tokens'),
      ' every element reads. Nothing else is a contract.',
    ),
    h(Source, { language: 'css', code: css.trim(), dark: true }),
  );
}

export function ElementDocsPage() {
  return h(
    Fragment,
    null,
    h(Title),
    h(Description, { of: 'meta' }),
    h(Primary),
    h(Heading, null, 'API'),
    h(
      Markdown,
      null,
      'Attributes (each under its attribute name, its property named in the description), properties without an attribute, methods, events, slots, CSS parts, CSS custom properties and custom states (`:state()`), from `custom-elements.json`. The controls change the story above.',
    ),
    h(Controls, { sort: 'none' }),
    h(Customizing),
    h(Stories, { includePrimary: false }),
  );
}
