// `restore` as the properties ask it, with a reason a reader can act on when the adapter refuses its
// own entry. "ledger.not_bounded" alone says only that bounding the entry's result again changed it
// (TR-REPLAY-7); the kit finds out what changed by asking the adapter to bound that result itself,
// so a bounder that drops codes it does not know (exposure.*, TR-BOUND-13) is named as such.
import { firstDifference } from '../core/compare.ts';
import { type Ask, Mismatch } from './define.ts';

type Rec = Record<string, unknown>;

/** The entry's result as a `bound` input: warnings as the codes a result input carries. */
function boundInputOf(entry: unknown): Rec | undefined {
  let parsed: unknown;
  try {
    parsed = typeof entry === 'string' ? JSON.parse(entry) : undefined;
  } catch {
    return undefined;
  }
  const result = (parsed as Rec | null)?.result as Rec | undefined;
  if (result === null || typeof result !== 'object' || !Array.isArray(result.warnings)) return undefined;
  const codes = (result.warnings as unknown[]).map((w) => (w as Rec | null)?.code);
  if (!codes.every((c) => typeof c === 'string')) return undefined;
  return { result: { ...result, warnings: codes } };
}

/** What the adapter restores from `entry`; a refusal throws a Mismatch that says what bounding changed. */
export async function restoreOrExplain(ask: Ask, entry: unknown): Promise<Rec> {
  const r = await ask.any('restore', { entry });
  if (r.ok) return r.output.result as Rec;
  let why = `restore answered error ${r.code}: ${r.message.slice(0, 200)}`;
  const input = r.code === 'ledger.not_bounded' ? boundInputOf(entry) : undefined;
  if (input !== undefined) {
    const again = await ask.any('bound', input);
    const held = input.result as Rec;
    const want = { ...held, warnings: (held.warnings as string[]).map((code) => ({ code })) };
    const d = again.ok ? firstDifference(want, again.output.result) : undefined;
    if (d !== undefined) {
      why += `; bounding the entry's own result again in this implementation changes it at ${d}`;
      if (d.startsWith('$.warnings')) why += ' (a bounder keeps every code a result already carries, exposure.* included: TR-BOUND-13)';
    }
  }
  throw new Mismatch(why, 'the restored result', { error: { code: r.code, message: r.message } });
}
