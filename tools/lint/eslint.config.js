// ESLint for display-kit's src/ (flat config): `npm run lint` runs it with lit-analyzer
// (scripts/check/lint.mjs), from the repository's root, which is the base of these paths.
import { fileURLToPath } from 'node:url';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import lit from 'eslint-plugin-lit';
import wc from 'eslint-plugin-wc';

const root = fileURLToPath(new URL('../..', import.meta.url));

export default tseslint.config(
  {
    files: ['src/**/*.ts'],
    extends: [
      js.configs.recommended,
      tseslint.configs.recommendedTypeChecked,
      lit.configs['flat/recommended'],
      wc.configs['flat/best-practice'],
    ],
    // The root's tsconfig.json, read by this folder's TypeScript 5.9 (the root's 7 has no JS API).
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: root } },
    // The kit's elements extend LitElement through its own bases: the wc rules check them all.
    settings: { wc: { elementBaseClasses: ['LitElement', 'KitElement', 'PolicyElement', 'ItemElement', 'ListOptionsElement'] } },
    rules: {
      // Lit calls a template's listeners with the element as `this` (`@click=${this.onClick}`, the
      // Lit idiom); the rule cannot tell such a binding from a detached call.
      '@typescript-eslint/unbound-method': 'off',
      // Lit's lifecycle callbacks always exist on LitElement: `super.connectedCallback()` needs no guard.
      'wc/guard-super-call': 'off',
      // Leaving keys out of an object by destructuring them into unused names is the idiom for it.
      '@typescript-eslint/no-unused-vars': ['error', { ignoreRestSiblings: true }],
      // Typings for React's JSX augment its `JSX` namespace (src/react/jsx.ts, generated).
      '@typescript-eslint/no-namespace': ['error', { allowDeclarations: true }],
    },
  },
);
