/** The little of highlight.js's ES-module build that the kit uses. */
declare module '@highlightjs/cdn-assets/es/core.min.js' {
  interface HighlightJs {
    newInstance(): HighlightJs;
    registerLanguage(name: string, language: unknown): void;
    registerAliases(aliases: string[], options: { languageName: string }): void;
    getLanguage(name: string): unknown;
    highlight(code: string, options: { language: string; ignoreIllegals?: boolean }): { value: string };
  }
  const hljs: HighlightJs;
  export default hljs;
}

declare module '@highlightjs/cdn-assets/es/languages/*' {
  const language: unknown;
  export default language;
}
