// Mutants of the data model (spec/02-data-model.md): a channel lost on an error, null read as
// absence, an artifact shape judged too kindly, a warning that carries a number about the data.
import { mapBound, type Rec } from './bound-record.ts';
import type { Mutant } from './mutant.ts';

const isObject = (v: unknown): v is Rec => v !== null && typeof v === 'object' && !Array.isArray(v);

const without = (r: Rec, key: string): Rec => Object.fromEntries(Object.entries(r).filter(([k]) => k !== key));

/** A table's rows made as long as its columns (a cell of "" added, or the extra cells cut). */
function evenRows(a: unknown): unknown {
  if (!isObject(a) || a.type !== 'table' || !isObject(a.data)) return a;
  const { columns, rows } = a.data;
  if (!Array.isArray(columns) || !Array.isArray(rows)) return a;
  return { ...a, data: { ...a.data, rows: rows.map((row) => (Array.isArray(row) ? columns.map((_, i) => (i < row.length ? row[i] : '')) : row)) } };
}

export const dataModelMutants: readonly Mutant[] = [
  {
    name: 'error-drops-structured',
    breaks: 'TR-MODEL-3',
    description: 'drops structured from an error result along with the artifacts ("an error has no data")',
    override: (ref) => mapBound(ref, (r) => (r.isError === true ? without(r, 'structured') : r)),
  },
  {
    name: 'null-structured-as-absent',
    breaks: 'TR-MODEL-4',
    description: 'writes a structured value of null as no structured member (an Optional that cannot tell None from unset)',
    override: (ref) => mapBound(ref, (r) => (r.structured === null ? without(r, 'structured') : r)),
  },
  {
    name: 'table-rows-unchecked',
    breaks: 'TR-MODEL-5',
    description: "checks a table's columns and cells but not that every row has as many cells as there are columns",
    override: (ref) =>
      mapBound(ref, (r, input, ctx) => {
        const given = input.result.artifacts;
        if (!Array.isArray(given) || r.isError === true) return r;
        // Judged with every row evened out; a list that then passes is output with its rows as given.
        const even = ref.bound!({ ...input, result: { ...input.result, artifacts: given.map(evenRows) } }, ctx).result as Rec;
        const codes = (even.warnings as { code: string }[]).map((w) => w.code);
        if (codes.some((c) => c.startsWith('artifacts.'))) return r;
        return {
          ...even,
          artifacts: (even.artifacts as Rec[]).map((a, i) =>
            a.type === 'table' ? { ...a, data: { ...(a.data as Rec), rows: ((given[i] as Rec).data as Rec).rows } } : a,
          ),
        };
      }),
  },
  {
    name: 'warning-carries-dropped-octets',
    breaks: 'TR-MODEL-8',
    description: 'a content.truncated warning also says how many octets were cut ("so the caller can tell how much")',
    override: (ref) =>
      mapBound(ref, (r, input) => {
        const content = typeof input.result.content === 'string' ? input.result.content : '';
        const cut = Buffer.byteLength(content, 'utf8') - Buffer.byteLength(String(r.content), 'utf8');
        return { ...r, warnings: (r.warnings as Rec[]).map((w) => (w.code === 'content.truncated' ? { ...w, droppedOctets: Math.max(cut, 0) } : w)) };
      }),
  },
];
