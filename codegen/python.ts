// Python: one module of TypedDicts, Literal aliases and tuples of each closed set's values. A
// TypedDict is a plain dict at run time, so json.loads output is already the typed value and
// json.dumps writes it back unchanged: an absent key stays absent, None stays null.
import { type Decl, type Literal, type Model, type TypeExpr, wrap } from './ir.ts';
import { type HeaderInput, headerLines } from './header.ts';

export interface PythonOptions {
  /** Module name; the file is <module>.py. */
  readonly module: string;
}

const constantName = (name: string): string => `${name.replace(/([a-z0-9])([A-Z])/g, '$1_$2').toUpperCase()}_VALUES`;

function literal(value: Literal): string {
  if (value === null) return 'None';
  if (value === true) return 'True';
  if (value === false) return 'False';
  return JSON.stringify(value);
}

const comment = (text: string | undefined, indent = ''): string =>
  wrap(text)
    .map((l) => `${indent}# ${l}\n`)
    .join('');

function expr(type: TypeExpr): string {
  switch (type.kind) {
    case 'any':
      return 'Any';
    case 'null':
      return 'None';
    case 'boolean':
      return 'bool';
    case 'integer':
      return 'int';
    case 'number':
      return 'float';
    case 'string':
      return 'str';
    case 'literal':
      return `Literal[${type.values.map(literal).join(', ')}]`;
    case 'array':
      return `list[${expr(type.items)}]`;
    case 'tuple':
      return `tuple[${type.items.map(expr).join(', ')}]`;
    case 'map':
      return `dict[str, ${expr(type.values)}]`;
    case 'union':
      return `Union[${[...new Set(type.of.map(expr))].join(', ')}]`;
    case 'ref':
      return JSON.stringify(type.name); // a forward reference: declarations may come in any order
  }
}

function declaration(decl: Decl): string {
  const doc = comment(decl.doc);
  if (decl.kind === 'object') {
    const members = decl.fields.map((f) => `        ${JSON.stringify(f.json)}: ${f.required ? expr(f.type) : `NotRequired[${expr(f.type)}]`},\n`);
    return `${doc}${decl.name} = TypedDict(\n    ${JSON.stringify(decl.name)},\n    {\n${members.join('')}    },\n)`;
  }
  let code = `${doc}${decl.name}: TypeAlias = ${expr(decl.type)}`;
  if (decl.type.kind === 'literal') {
    const values = decl.type.values;
    code += `\n${constantName(decl.name)}: tuple[${decl.name}, ...] = (${values.map(literal).join(', ')}${values.length === 1 ? ',' : ''})`;
  }
  return code;
}

export function emitPython(model: Model, options: PythonOptions, header: HeaderInput): Map<string, string> {
  if (!/^[A-Za-z_][A-Za-z0-9_]*$/.test(options.module))
    throw new Error(`--module ${JSON.stringify(options.module)} is not a Python module name (letters, digits, _; not starting with a digit)`);
  const head = `${headerLines(header)
    .map((l) => `# ${l}\n`)
    .join('')}"""Python types of the ToolResult Protocol's JSON schemas (TypedDicts and Literal aliases)."""

from __future__ import annotations

from typing import Any, Literal, NotRequired, TypeAlias, TypedDict, Union
`;
  return new Map([[`${options.module}.py`, `${head + model.decls.map((d) => `\n\n${declaration(d)}`).join('')}\n`]]);
}
