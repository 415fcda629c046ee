// The lines every generated file starts with: that it is generated, from which schemas, and how to
// regenerate it instead of editing it. Each emitter puts them in its own comment syntax.
export interface HeaderInput {
  /** The package version the schemas ship with (package.json). */
  readonly version: string;
  /** The command line that regenerates the file. */
  readonly command: string;
}

export function headerLines({ version, command }: HeaderInput): string[] {
  return [
    `GENERATED from the ToolResult Protocol JSON Schemas v1 (toolresult-protocol ${version}). DO NOT EDIT.`,
    `Change the schemas, then regenerate: ${command}`,
  ];
}
