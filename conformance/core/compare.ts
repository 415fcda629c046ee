// Comparing an op's output with a vector's expectation: JSON equality where object member order
// does not matter, and a short diff naming where two values first part.

function isObject(v: unknown): v is Record<string, unknown> {
  return v !== null && typeof v === 'object' && !Array.isArray(v);
}

/** Deep JSON equality, ignoring the order of object members (-0 and 0 differ, as in firstDifference). */
export function jsonEqual(a: unknown, b: unknown): boolean {
  return difference(a, b, '$', false) === undefined;
}

function describeValue(v: unknown): string {
  if (v === undefined) return 'absent';
  const text = JSON.stringify(v) ?? String(v);
  return text.length > 120 ? `${text.slice(0, 117)}...` : text;
}

/** The path and the two values where `got` first differs from `want`, or undefined when equal. */
export function firstDifference(want: unknown, got: unknown, path = '$'): string | undefined {
  return difference(want, got, path, true);
}

/** `explain: false` only says whether they differ (no text built: equality over a large tree stays linear). */
function difference(want: unknown, got: unknown, path: string, explain: boolean): string | undefined {
  const describe = explain ? describeValue : () => '';
  // Iterative over an explicit stack: outputs can be deep (a 64-level structured value).
  const stack: [unknown, unknown, string][] = [[want, got, path]];
  while (stack.length > 0) {
    const [w, g, p] = stack.pop()!;
    if (Object.is(w, g)) continue;
    if (Array.isArray(w) || Array.isArray(g)) {
      if (!Array.isArray(w) || !Array.isArray(g)) return `${p}: want ${describe(w)}, got ${describe(g)}`;
      if (w.length !== g.length) return `${p}: want an array of ${w.length}, got ${g.length}: ${describe(g)}`;
      for (let i = w.length - 1; i >= 0; i--) stack.push([w[i], g[i], `${p}[${i}]`]);
    } else if (isObject(w) || isObject(g)) {
      if (!isObject(w) || !isObject(g)) return `${p}: want ${describe(w)}, got ${describe(g)}`;
      const wk = Object.keys(w).sort();
      const gk = Object.keys(g).sort();
      const missing = wk.filter((k) => !Object.hasOwn(g, k));
      const extra = gk.filter((k) => !Object.hasOwn(w, k));
      if (missing.length > 0) return explain ? `${p}: missing member ${JSON.stringify(missing[0])}` : p;
      if (extra.length > 0) return explain ? `${p}: unexpected member ${JSON.stringify(extra[0])} = ${describe(g[extra[0]!])}` : p;
      for (const k of wk.reverse()) stack.push([w[k], g[k], `${p}.${k}`]);
    } else if (!Object.is(w, g)) {
      // Object.is: a -0 where 0 is wanted is a difference (TR-BOUND-5), though JSON would hide it.
      return `${p}: want ${describe(w)}, got ${describe(g)}`;
    }
  }
  return undefined;
}
