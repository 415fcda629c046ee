// Fits generated PHP code lines within PSR-12's 120 columns. A line that is longer has its widest
// bracket pair broken open, one item per line with a trailing comma (PHP 8 allows one in calls,
// parameter lists and arrays), and each new line is fitted the same way. A function declaration
// broken this way keeps its "{" on the closing line, as PSR-12 wants. Comments are not touched: the
// emitter wraps its doc blocks itself.

export const PHP_LINE_LIMIT = 120;

interface Span {
  readonly open: number;
  readonly close: number;
}

/** The bracket pairs at depth 0 of `code`, skipping quoted strings. */
function topLevelSpans(code: string): Span[] {
  const spans: Span[] = [];
  const stack: number[] = [];
  for (let i = 0; i < code.length; i++) {
    const c = code[i]!;
    if (c === "'" || c === '"') {
      for (i++; i < code.length && code[i] !== c; i++) if (code[i] === '\\') i++;
    } else if (c === '(' || c === '[') stack.push(i);
    else if (c === ')' || c === ']') {
      const open = stack.pop();
      if (open !== undefined && stack.length === 0) spans.push({ open, close: i });
    }
  }
  return spans;
}

/** `inner` split at its commas of depth 0 (outside strings and brackets), items trimmed. */
function splitItems(inner: string): string[] {
  const items: string[] = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < inner.length; i++) {
    const c = inner[i]!;
    if (c === "'" || c === '"') {
      for (i++; i < inner.length && inner[i] !== c; i++) if (inner[i] === '\\') i++;
    } else if (c === '(' || c === '[') depth++;
    else if (c === ')' || c === ']') depth--;
    else if (c === ',' && depth === 0) {
      items.push(inner.slice(start, i).trim());
      start = i + 1;
    }
  }
  const last = inner.slice(start).trim();
  if (last !== '') items.push(last);
  return items;
}

function fitLine(line: string, limit: number): string[] {
  const indent = /^ */.exec(line)![0];
  const code = line.slice(indent.length);
  if (line.length <= limit || code.startsWith('*') || code.startsWith('/*') || code.startsWith('//')) return [line];
  const widest = topLevelSpans(code).sort((a, b) => b.close - b.open - (a.close - a.open))[0];
  const items = widest ? splitItems(code.slice(widest.open + 1, widest.close)) : [];
  if (!widest || items.length === 0) return [line]; // nothing to break: left as it is
  const head = `${indent}${code.slice(0, widest.open + 1)}`;
  const body = items.flatMap((item) => fitLine(`${indent}    ${item},`, limit));
  const tail = `${indent}${code.slice(widest.close)}`;
  return [head, ...body, tail];
}

/** Every code line of `text` within `limit` columns where a bracket can be broken open. */
export function fitPhpLines(text: string, limit = PHP_LINE_LIMIT): string {
  const lines = text.split('\n');
  const out: string[] = [];
  for (let i = 0; i < lines.length; i++) {
    const fitted = fitLine(lines[i]!, limit);
    const indent = /^ */.exec(lines[i]!)![0];
    // A declaration broken open: its body's "{" joins the line that closes the parameters.
    if (fitted.length > 1 && /\bfunction\b/.test(lines[i]!) && lines[i + 1] === `${indent}{`) {
      fitted[fitted.length - 1] += ' {';
      i++;
    }
    out.push(...fitted);
  }
  return out.join('\n');
}
