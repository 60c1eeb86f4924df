/** The CommonMark specification's examples (the `commonmark-spec` package has no types). */
declare module 'commonmark-spec' {
  export type Example = { markdown: string; html: string; section: string; number: number };
  export const tests: Example[];
  export const text: string;
}
