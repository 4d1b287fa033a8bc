// The `ini` package ships no types; the evaluator uses its parser only.
declare module 'ini' {
  export function parse(text: string): Record<string, unknown>;
}
