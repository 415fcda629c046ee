// A stack case: a CallToolResult (and the tool's outputSchema) as a server sends it, plus the canaries
// planted in it, by where they stand. Generated cases come from `probeCase`, which fast-check shrinks
// (fewer blocks, shorter text, simpler canaries); fixed cases from stacks/vectors/. Every block type
// (text, embedded text and blob resources, image, audio, resource_link) can carry `_meta`, and an
// embedded resource can carry its own inside.
import fc from 'fast-check';
import { canaryArb, type Role } from './canary.ts';
import { hasRunOnly } from './egress.ts';

export type Canaries = Readonly<Record<Role, readonly string[]>>;

export interface StackCase {
  readonly result: Record<string, unknown>;
  readonly outputSchema?: Record<string, unknown>;
  readonly canaries: Canaries;
}

/** What a check needs in a case for it to say anything. */
export interface Needs {
  readonly visible?: boolean;
  readonly userOnly?: boolean;
  readonly structured?: boolean;
  readonly meta?: boolean;
  readonly binary?: boolean;
  /** true: only error results; false: only successes. */
  readonly isError?: boolean;
  /** Something run-only the egress checks look for (egress.ts: user-only text, `_meta`, binary data, a structured value that is not the answer). */
  readonly runOnly?: boolean;
}

const filler = fc.array(fc.constantFrom(...'abcdefghij klmnop'), { minLength: 0, maxLength: 12 }).map((cs) => cs.join(''));
const textAround = (canary: string) => fc.tuple(filler, filler).map(([a, b]) => `${a} ${canary} ${b}`.trim());

type Block = Record<string, unknown>;
interface Piece {
  readonly block: Block;
  readonly role: Role;
  readonly canary: string;
}

/**
 * A `_meta` object with its canary twice: as the value of a fixed key, as servers write it, and inside
 * a member name, so that a stack that forwards only `_meta`'s keys is caught too (TR-STACK-3).
 */
export const metaWith = (key: string, canary: string): Record<string, unknown> => ({ [key]: canary, [`${key}-${canary}`]: true });

/** A block, with `_meta` planted on it (and inside its embedded resource) when a canary is drawn. */
const withMeta = (block: Block, role: Role, canary: string, metas: readonly (string | undefined)[]): Piece[] => {
  const pieces: Piece[] = [{ block, role, canary }];
  const [outer, inner] = metas;
  if (outer !== undefined) {
    block['_meta'] = metaWith('example.com/block-trace', outer);
    pieces.push({ block, role: 'meta', canary: outer });
  }
  const resource = block['resource'] as Block | undefined;
  if (inner !== undefined && resource) {
    resource['_meta'] = metaWith('example.com/resource-trace', inner);
    pieces.push({ block, role: 'meta', canary: inner });
  }
  return pieces;
};
const metaCanary = fc.option(canaryArb('meta'), { nil: undefined });

/** Model-facing text: a text block, or an embedded text resource (which MCP also gives the model). */
const visibleBlock = canaryArb('visible').chain((c) =>
  fc
    .record({
      text: textAround(c),
      audience: fc.constantFrom(undefined, ['assistant'], ['user', 'assistant']),
      resource: fc.boolean(),
      metas: fc.tuple(metaCanary, metaCanary),
    })
    .map(({ text, audience, resource, metas }): Piece[] => {
      const annotations = audience ? { annotations: { audience } } : {};
      const block: Block = resource
        ? { type: 'resource', resource: { uri: 'file:///notes.txt', mimeType: 'text/plain', text }, ...annotations }
        : { type: 'text', text, ...annotations };
      return withMeta(block, 'visible', c, metas);
    }),
);

/** Base64 with the canary at a 4-aligned position: valid data whatever the canary is. */
const base64With = (canary: string) => fc.constantFrom('iVBORw0K', 'UklGRiQA', 'JVBERi0x').map((head) => `${head}${canary}AAAA`);

const userOnlyBlock = canaryArb('userOnly').chain((c) =>
  fc
    .tuple(
      fc.oneof(
        fc.tuple(textAround(c), fc.constantFrom(['user'], [])).map(([text, audience]): Block => ({ type: 'text', text, annotations: { audience } })),
        base64With(c).map((data): Block => ({ type: 'image', data, mimeType: 'image/png', annotations: { audience: ['user'] } })),
      ),
      metaCanary,
    )
    .map(([block, meta]): Piece[] => withMeta(block, 'userOnly', c, [meta])),
);

const binaryBlock = canaryArb('binary').chain((c) =>
  fc
    .tuple(
      base64With(c).chain((data) =>
        fc.constantFrom<Block>(
          { type: 'image', data, mimeType: 'image/png' },
          { type: 'audio', data, mimeType: 'audio/wav' },
          { type: 'resource', resource: { uri: 'file:///report.pdf', mimeType: 'application/pdf', blob: data } },
        ),
      ),
      metaCanary,
      metaCanary,
    )
    .map(([block, outer, inner]): Piece[] => withMeta(structuredClone(block), 'binary', c, [outer, inner])),
);

/** A resource_link: a URI for the client to fetch, whose only canary is its `_meta`. */
const linkBlock = canaryArb('meta').map((m): Piece[] => [
  {
    block: { type: 'resource_link', uri: 'file:///data/export.csv', name: 'export.csv', mimeType: 'text/csv', _meta: metaWith('example.com/link-trace', m) },
    role: 'meta',
    canary: m,
  },
]);

/** A structured value with canaries in a member name and in leaves; no text block repeats them. */
const structuredValue = fc.tuple(canaryArb('structured'), canaryArb('structured'), fc.integer({ min: 0, max: 999 }), fc.boolean()).map(([k, v, n, nested]) => {
  const value: Record<string, unknown> = { [`id_${k}`]: n, note: `status ${v}` };
  if (nested) value['items'] = [{ label: v, qty: n }];
  return { value, canaries: [k, v] };
});

export function probeCase(needs: Needs = {}): fc.Arbitrary<StackCase> {
  const count = (need: boolean | undefined, max: number) => fc.integer({ min: need ? 1 : 0, max });
  return fc
    .record({
      visible: count(needs.visible, 2).chain((n) => fc.array(visibleBlock, { minLength: n, maxLength: n })),
      userOnly: count(needs.userOnly, 2).chain((n) => fc.array(userOnlyBlock, { minLength: n, maxLength: n })),
      binary: count(needs.binary, 2).chain((n) => fc.array(binaryBlock, { minLength: n, maxLength: n })),
      links: fc.integer({ min: 0, max: 1 }).chain((n) => fc.array(linkBlock, { minLength: n, maxLength: n })),
      structured: needs.structured ? structuredValue.map((s) => s as typeof s | undefined) : fc.option(structuredValue, { nil: undefined }),
      resultMeta: needs.meta ? canaryArb('meta').map((m) => m as string | undefined) : fc.option(canaryArb('meta'), { nil: undefined }),
      isError: needs.isError === undefined ? fc.boolean() : fc.constant(needs.isError),
      declareSchema: fc.boolean(),
      // Where the non-visible blocks go among the visible ones (a rotation keeps shrinking simple).
      rotate: fc.nat({ max: 4 }),
    })
    .map(({ visible, userOnly, binary, links, structured, resultMeta, isError, declareSchema, rotate }) => {
      const pieces = [...visible.flat(), ...userOnly.flat(), ...binary.flat(), ...links.flat()];
      const blocks: Block[] = [];
      for (const p of pieces) if (!blocks.includes(p.block)) blocks.push(p.block);
      const r = blocks.length === 0 ? 0 : rotate % blocks.length;
      const content = [...blocks.slice(r), ...blocks.slice(0, r)];
      const canaries: Record<Role, string[]> = { visible: [], userOnly: [], structured: [], meta: [], binary: [] };
      for (const p of pieces) canaries[p.role].push(p.canary);
      const result: Record<string, unknown> = { content };
      if (structured) {
        result['structuredContent'] = structured.value;
        canaries.structured.push(...structured.canaries);
      }
      if (resultMeta !== undefined) {
        result['_meta'] = metaWith('example.com/trace', resultMeta);
        canaries.meta.push(resultMeta);
      }
      if (isError) result['isError'] = true;
      // A declared outputSchema binds only successes, and only when structured data is there (the
      // MCP client refuses a success without it).
      const outputSchema = declareSchema && structured && !isError ? { type: 'object' } : undefined;
      return { result, ...(outputSchema ? { outputSchema } : {}), canaries };
    })
    .filter((c) => satisfies(c, needs));
}

/** Whether a case has what `needs` asks for (vectors are matched to checks by this too). */
export function satisfies(c: StackCase, needs: Needs): boolean {
  const has = (r: Role) => c.canaries[r].length > 0;
  if (needs.visible && !has('visible')) return false;
  if (needs.userOnly && !has('userOnly')) return false;
  if (needs.structured && !('structuredContent' in c.result)) return false;
  if (needs.meta && !has('meta')) return false;
  if (needs.binary && !has('binary')) return false;
  if (needs.isError !== undefined && (c.result['isError'] === true) !== needs.isError) return false;
  if (needs.runOnly && !hasRunOnly(c)) return false;
  return true;
}
