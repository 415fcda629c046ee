// The stack checks on hand-made answers: each check fails the answer that breaks its rule and passes
// the one that keeps it, so a check that could never fail (or always fails) shows here, without
// starting any stack.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { findCanary, mediaStrings } from './canary.ts';
import { probeCase, satisfies, type StackCase } from './cases.ts';
import { CHECKS, checkById, holdsWhole, isNotApplicable, type Finding, type StepAnswer } from './checks.ts';
import { saysError, toolResultParts } from './tool-results.ts';

const none = { visible: [], userOnly: [], structured: [], meta: [], binary: [] };
const USER = [{ role: 'user', content: 'Look it up.' }];
const answer = (toolMessage: unknown, kept: unknown = null, threw: string | null = null): StepAnswer => ({
  requests: [USER, [...USER, toolMessage]],
  kept,
  threw,
});
const judge = (id: string, c: StackCase, a: StepAnswer): Finding | undefined => {
  const r = checkById(id)!.judge(c, a);
  if (isNotApplicable(r)) throw new Error(`${id} said n/a: ${r.notApplicable}`);
  return r;
};

describe('stack checks', () => {
  it('TR-STACK-1: user-only text or image data in the request fails, in text or as media', () => {
    const c: StackCase = {
      result: {
        content: [
          { type: 'text', text: 'hi TRCVaaaaaaaa' },
          { type: 'text', text: 'TRCUaaaaaaaa', annotations: { audience: ['user'] } },
        ],
      },
      canaries: { ...none, visible: ['TRCVaaaaaaaa'], userOnly: ['TRCUaaaaaaaa'] },
    };
    expect(judge('TR-STACK-1', c, answer({ role: 'tool', content: 'hi TRCVaaaaaaaa' }))).toBeUndefined();
    const f = judge('TR-STACK-1', c, answer({ role: 'tool', content: [{ type: 'text', text: 'TRCUaaaaaaaa' }] }));
    expect(f?.canary).toBe('TRCUaaaaaaaa');
    expect(f?.found?.[0]?.path).toBe('requests[1][1].content[0].text');
    expect(f?.found?.[0]?.excerpt).toBe('⟦TRCUaaaaaaaa⟧');
    const media = judge('TR-STACK-1', c, answer({ role: 'tool', content: [{ type: 'image', data: 'iVBORw0KTRCUaaaaaaaaAAAA' }] }));
    expect(media?.found?.[0]?.form).toBe('media');
  });

  it('TR-STACK-2 and TR-STACK-3: structured values and _meta fail wherever they stand, member names included', () => {
    const c: StackCase = {
      result: { content: [{ type: 'text', text: 'x TRCVaaaaaaaa' }], structuredContent: { id_TRCSaaaaaaaa: 1 }, _meta: { t: 'TRCMaaaaaaaa' } },
      canaries: { ...none, visible: ['TRCVaaaaaaaa'], structured: ['TRCSaaaaaaaa'], meta: ['TRCMaaaaaaaa'] },
    };
    const clean = answer({ role: 'tool', content: 'x TRCVaaaaaaaa' });
    expect(judge('TR-STACK-2', c, clean)).toBeUndefined();
    expect(judge('TR-STACK-3', c, clean)).toBeUndefined();
    expect(judge('TR-STACK-2', c, answer({ role: 'tool', content: { id_TRCSaaaaaaaa: 1 } }))?.found?.[0]?.path).toBe(
      'requests[1][1].content.id_TRCSaaaaaaaa (member name)',
    );
    expect(judge('TR-STACK-3', c, answer({ role: 'tool', content: '{"meta":{"t":"TRCMaaaaaaaa"}}' }))?.canary).toBe('TRCMaaaaaaaa');
  });

  it('TR-STACK-4 and TR-STACK-5: base64 as text fails, as a media part it does not, and a data URL in text is text', () => {
    const c: StackCase = {
      result: { content: [{ type: 'image', data: 'iVBORw0KTRCBaaaaaaaaAAAA', mimeType: 'image/png' }] },
      canaries: { ...none, binary: ['TRCBaaaaaaaa'] },
    };
    expect(
      judge(
        'TR-STACK-4',
        c,
        answer({ role: 'tool', content: [{ type: 'file', mediaType: 'image/png', data: { type: 'data', data: 'iVBORw0KTRCBaaaaaaaaAAAA' } }] }),
      ),
    ).toBeUndefined();
    expect(
      judge('TR-STACK-4', c, answer({ role: 'tool', content: [{ type: 'image_url', image_url: { url: 'data:image/png;base64,iVBORw0KTRCBaaaaaaaaAAAA' } }] })),
    ).toBeUndefined();
    expect(
      judge('TR-STACK-4', c, answer({ role: 'tool', content: [{ type: 'text', text: 'data:image/png;base64,iVBORw0KTRCBaaaaaaaaAAAA' }] }))?.found?.[0]?.form,
    ).toBe('text');
    expect(
      judge('TR-STACK-4', c, answer({ role: 'tool', content: [{ type: 'text', text: '{"type":"image","data":"iVBORw0KTRCBaaaaaaaaAAAA"}' }] })),
    ).toBeDefined();
    // TR-STACK-5 is the other side: the media part is what it reports.
    expect(
      judge('TR-STACK-5', c, answer({ role: 'tool', content: [{ type: 'image_url', image_url: { url: 'data:image/png;base64,iVBORw0KTRCBaaaaaaaaAAAA' } }] }))
        ?.found?.[0]?.form,
    ).toBe('media');
    expect(judge('TR-STACK-5', c, answer({ role: 'tool', content: '[image block omitted]' }))).toBeUndefined();
    // Text inside a media part is text again; a non-base64 string in a media part is text.
    expect(judge('TR-STACK-4', c, answer({ type: 'image', alt: { type: 'text', text: 'iVBORw0KTRCBaaaaaaaaAAAA' } }))).toBeDefined();
    expect(judge('TR-STACK-4', c, answer({ type: 'image', caption: 'see iVBORw0KTRCBaaaaaaaaAAAA' }))).toBeDefined();
  });

  it('TR-STACK-6 and TR-STACK-8: the text must arrive after the tool ran, and the step must not throw', () => {
    const ok: StackCase = { result: { content: [{ type: 'text', text: 'TRCVaaaaaaaa' }] }, canaries: { ...none, visible: ['TRCVaaaaaaaa'] } };
    const err: StackCase = { result: { ...ok.result, isError: true }, canaries: ok.canaries };
    expect(judge('TR-STACK-6', ok, answer({ role: 'tool', content: 'TRCVaaaaaaaa' }))).toBeUndefined();
    expect(judge('TR-STACK-6', ok, answer({ role: 'tool', content: '' }))?.summary).toMatch(/never reached/);
    // Only in the first request (before the tool ran) does not count.
    expect(judge('TR-STACK-6', ok, { requests: [[{ content: 'TRCVaaaaaaaa' }]], kept: null, threw: null })).toBeDefined();
    expect(judge('TR-STACK-8', err, answer({ role: 'tool', tool_call_id: 'c', content: 'Error: TRCVaaaaaaaa' }))).toBeUndefined();
    expect(judge('TR-STACK-8', err, { requests: [USER], kept: null, threw: 'ToolException: boom' })?.threw).toBe('ToolException: boom');
    expect(judge('TR-STACK-8', err, answer({ role: 'tool', tool_call_id: 'c', content: 'Error: TRCVaaaaaaaa' }, null, 'Error: later'))).toBeDefined();
  });

  it('TR-STACK-8: an error result passes only with the error signal of its format in the tool-result part', () => {
    const err: StackCase = {
      result: { content: [{ type: 'text', text: 'lookup failed TRCVaaaaaaaa' }], isError: true },
      canaries: { ...none, visible: ['TRCVaaaaaaaa'] },
    };
    const anthropic = (extra: object) =>
      answer({ role: 'user', content: [{ type: 'tool_result', tool_use_id: 't', content: [{ type: 'text', text: 'lookup failed TRCVaaaaaaaa' }], ...extra }] });
    expect(judge('TR-STACK-8', err, anthropic({}))?.summary).toMatch(/as a success: the anthropic tool_result/);
    expect(judge('TR-STACK-8', err, anthropic({ is_error: true }))).toBeUndefined();
    // OpenAI formats have no error field: the text must say so; "completed" status alone is a success.
    expect(
      judge('TR-STACK-8', err, answer({ type: 'function_call_output', call_id: 'c', output: 'lookup failed TRCVaaaaaaaa', status: 'completed' })),
    ).toBeDefined();
    expect(judge('TR-STACK-8', err, answer({ type: 'function_call_output', call_id: 'c', output: '{"error":"lookup failed TRCVaaaaaaaa"}' }))).toBeUndefined();
    expect(
      judge('TR-STACK-8', err, answer({ role: 'tool', tool_call_id: 'c', content: '[{"type":"text","text":"lookup failed TRCVaaaaaaaa"}]' })),
    ).toBeDefined();
    // Model interfaces: the AI SDK output type, LangChain's status, the control's isError.
    expect(
      judge(
        'TR-STACK-8',
        err,
        answer({
          role: 'tool',
          content: [{ type: 'tool-result', output: { type: 'content', value: [{ type: 'text', text: 'lookup failed TRCVaaaaaaaa' }] } }],
        }),
      ),
    ).toBeDefined();
    expect(
      judge(
        'TR-STACK-8',
        err,
        answer({ role: 'tool', content: [{ type: 'tool-result', output: { type: 'error-text', value: 'lookup failed TRCVaaaaaaaa' } }] }),
      ),
    ).toBeUndefined();
    expect(judge('TR-STACK-8', err, answer({ type: 'tool', tool_call_id: 'c', content: 'lookup failed TRCVaaaaaaaa', status: 'error' }))).toBeUndefined();
    expect(judge('TR-STACK-8', err, answer({ role: 'tool', toolCallId: 'c', content: 'lookup failed TRCVaaaaaaaa', isError: false }))).toBeDefined();
    // The text somewhere in the request, outside any tool-result part, is no answer to the call.
    expect(judge('TR-STACK-8', err, answer({ role: 'user', content: 'lookup failed TRCVaaaaaaaa' }))?.summary).toMatch(/no tool-result part/);
    // A marked part without the text does not answer with the error: the text stood in a system prompt.
    const elsewhere = {
      requests: [
        USER,
        [{ role: 'system', content: 'Error: lookup failed TRCVaaaaaaaa' }, ...USER, { role: 'tool', tool_call_id: 'c', content: '{"error":"failed"}' }],
      ],
      kept: null,
      threw: null,
    };
    expect(judge('TR-STACK-8', err, elsewhere)?.found?.[0]?.path).toBe('requests[1][0].content');
    expect(saysError('Error rate is fine')).toBe(true);
    expect(saysError('{"errors":[]}')).toBe(false);
    expect(toolResultParts([{ type: 'tool_result', content: [{ type: 'tool_result' }] }], 'r')).toHaveLength(1);
  });

  it('TR-STACK-8 at Gemini and Bedrock: a response whose only member is error, a toolResult with status error; nothing else', () => {
    const err: StackCase = {
      result: { content: [{ type: 'text', text: 'lookup failed TRCVaaaaaaaa' }], isError: true },
      canaries: { ...none, visible: ['TRCVaaaaaaaa'] },
    };
    const gemini = (response: unknown) =>
      answer({ role: 'user', parts: [{ functionResponse: { id: 'call_1', name: 'probe', response } }, { text: 'see above' }] });
    expect(judge('TR-STACK-8', err, gemini({ error: 'lookup failed TRCVaaaaaaaa' }))).toBeUndefined();
    expect(judge('TR-STACK-8', err, gemini({ error: { details: 'lookup failed TRCVaaaaaaaa' } }))).toBeUndefined();
    // The result under `output`, the error text under another name, or `error` beside other members: a success to the model.
    expect(judge('TR-STACK-8', err, gemini({ output: 'lookup failed TRCVaaaaaaaa' }))?.summary).toMatch(/as a success: the gemini functionResponse at \S+/);
    expect(judge('TR-STACK-8', err, gemini({ result: 'Error: lookup failed TRCVaaaaaaaa' }))).toBeDefined();
    expect(judge('TR-STACK-8', err, gemini({ content: 'lookup failed TRCVaaaaaaaa', isError: true }))).toBeDefined();
    expect(judge('TR-STACK-8', err, gemini({ error: 'failed', output: 'lookup failed TRCVaaaaaaaa' }))).toBeDefined();
    // The Python SDK's own objects (a model interface) name it in snake_case.
    expect(
      judge('TR-STACK-8', err, answer({ role: 'user', parts: [{ function_response: { name: 'probe', response: { error: 'lookup failed TRCVaaaaaaaa' } } }] })),
    ).toBeUndefined();
    const bedrock = (extra: object) =>
      answer({ role: 'user', content: [{ toolResult: { toolUseId: 'tooluse_1', content: [{ text: 'lookup failed TRCVaaaaaaaa' }], ...extra } }] });
    expect(judge('TR-STACK-8', err, bedrock({ status: 'error' }))).toBeUndefined();
    expect(judge('TR-STACK-8', err, bedrock({}))?.summary).toMatch(/as a success: the bedrock-converse toolResult/);
    expect(judge('TR-STACK-8', err, bedrock({ status: 'success' }))).toBeDefined();
    // The text only in a json block still answers the call; the signal is the block's status.
    expect(
      judge(
        'TR-STACK-8',
        err,
        answer({
          role: 'user',
          content: [{ toolResult: { toolUseId: 't', content: [{ json: { message: 'lookup failed TRCVaaaaaaaa' } }], status: 'error' } }],
        }),
      ),
    ).toBeUndefined();
  });

  it('Gemini and Bedrock media: inlineData and image/document blocks are media parts; a JSON slot is text whatever its members say', () => {
    const c: StackCase = {
      result: { content: [{ type: 'image', data: 'iVBORw0KTRCBaaaaaaaaAAAA', mimeType: 'image/png' }] },
      canaries: { ...none, binary: ['TRCBaaaaaaaa'] },
    };
    const form = (v: unknown) => findCanary(v, 'TRCBaaaaaaaa').map((o) => o.form);
    const data = 'iVBORw0KTRCBaaaaaaaaAAAA';
    expect(form({ functionResponse: { name: 'p', response: { output: 'chart' }, parts: [{ inlineData: { mimeType: 'image/png', data } }] } })).toEqual([
      'media',
    ]);
    expect(form({ parts: [{ inline_data: { mime_type: 'image/png', data } }] })).toEqual(['media']);
    // The Python google-genai SDK sends bytes in the URL-safe base64 alphabet: still a media payload.
    expect(form({ inlineData: { mimeType: 'image/jpeg', data: '_9j_4AAQTRCBaaaaaaaa-A==' } })).toEqual(['media']);
    expect(form({ text: '_9j_4AAQTRCBaaaaaaaa-A==' })).toEqual(['text']);
    expect(mediaStrings({ inline_data: { mime_type: 'image/png', data: '_9j_-A==' } })).toBe('image/png'.length + 8);
    expect(form({ toolResult: { content: [{ image: { format: 'png', source: { bytes: data } } }] } })).toEqual(['media']);
    expect(form({ toolResult: { content: [{ document: { format: 'pdf', name: 'd', source: { bytes: data } } }] } })).toEqual(['media']);
    // Inside functionResponse.response or a json block, an MCP image block is JSON text to the model.
    expect(form({ functionResponse: { name: 'p', response: { content: [{ type: 'image', data, mimeType: 'image/png' }] } } })).toEqual(['text']);
    expect(form({ functionResponse: { name: 'p', response: { output: [{ inlineData: { data } }] } } })).toEqual(['text']);
    expect(form({ toolResult: { content: [{ json: { image: { source: { bytes: data } } } }] } })).toEqual(['text']);
    // A member named `image` without a `source` (not a Bedrock block) keeps its parent's context.
    expect(form({ text: 'x', image: data })).toEqual(['text']);
    // `response` outside a functionResponse is no JSON slot: an image part there is still media.
    expect(form({ response: { type: 'image', data } })).toEqual(['media']);
    expect(
      judge('TR-STACK-4', c, answer({ role: 'user', parts: [{ functionResponse: { name: 'p', response: { content: [{ type: 'image', data }] } } }] }))
        ?.found?.[0]?.path,
    ).toBe('requests[1][1].parts[0].functionResponse.response.content[0].data');
    // (The media type counts too, as it does in every format's media part: `image/png` is base64 alphabet.)
    expect(
      mediaStrings([
        { inlineData: { mimeType: 'image/png', data: 'AAAA' } },
        { functionResponse: { response: { content: [{ type: 'image', data: 'BBBB' }] } } },
      ]),
    ).toBe('image/png'.length + 4);
  });

  it('TR-STACK-15: a block that reaches one request twice fails, once passes', () => {
    const c: StackCase = {
      result: {
        content: [
          { type: 'text', text: 'TRCVaaaaaaaa' },
          { type: 'image', data: 'iVBORw0KTRCBaaaaaaaaAAAA', mimeType: 'image/png' },
        ],
      },
      canaries: { ...none, visible: ['TRCVaaaaaaaa'], binary: ['TRCBaaaaaaaa'] },
    };
    const once = [
      { type: 'text', text: 'TRCVaaaaaaaa' },
      { type: 'image', source: { type: 'base64', data: 'iVBORw0KTRCBaaaaaaaaAAAA' } },
    ];
    expect(judge('TR-STACK-15', c, answer({ role: 'user', content: [{ type: 'tool_result', content: once }] }))).toBeUndefined();
    const twice = judge(
      'TR-STACK-15',
      c,
      answer({
        role: 'user',
        content: [
          {
            type: 'tool_result',
            content: [...once, { type: 'image', source: { type: 'base64', media_type: 'image/jpeg', data: 'iVBORw0KTRCBaaaaaaaaAAAA' } }],
          },
        ],
      }),
    );
    expect(twice?.canary).toBe('TRCBaaaaaaaa');
    expect(twice?.found).toHaveLength(2);
    // A result that holds the text twice may send it twice.
    const c2: StackCase = { ...c, result: { content: [{ type: 'text', text: 'TRCVaaaaaaaa' }], structuredContent: { t: 'TRCVaaaaaaaa' } } };
    expect(
      judge('TR-STACK-15', c2, answer({ role: 'tool', tool_call_id: 'c', content: '{"text":"TRCVaaaaaaaa","structuredContent":{"t":"TRCVaaaaaaaa"}}' })),
    ).toBeUndefined();
  });

  it('TR-STACK-16: media at the model interface must reach the provider body; a throw is a loss; no model view is n/a', () => {
    const c: StackCase = {
      result: { content: [{ type: 'image', data: 'iVBORw0KTRCBaaaaaaaaAAAA', mimeType: 'image/png' }] },
      canaries: { ...none, binary: ['TRCBaaaaaaaa'] },
    };
    const model = [
      USER,
      [
        ...USER,
        { role: 'tool', content: [{ type: 'tool-result', output: { type: 'content', value: [{ type: 'image-data', data: 'iVBORw0KTRCBaaaaaaaaAAAA' }] } }] },
      ],
    ];
    const body = (content: unknown) => ({
      requests: [{ messages: USER }, { messages: [...USER, { role: 'user', content: [{ type: 'tool_result', content }] }] }],
      modelRequests: model,
      kept: null,
      threw: null,
    });
    expect(judge('TR-STACK-16', c, body([{ type: 'image', source: { type: 'base64', data: 'iVBORw0KTRCBaaaaaaaaAAAA' } }]))).toBeUndefined();
    expect(judge('TR-STACK-16', c, body([]))?.summary).toMatch(/dropped it/);
    expect(
      judge('TR-STACK-16', c, { ...body([]), requests: [{}], threw: 'Error: Converter for anthropic does not implement `fromStandardAudioBlock` method.' })
        ?.threw,
    ).toMatch(/fromStandardAudioBlock/);
    expect(isNotApplicable(checkById('TR-STACK-16')!.judge(c, { requests: [], kept: null, threw: null }))).toBe(true);
  });

  it('TR-STACK-7 and TR-STACK-9: structured data must be kept whole as a value, not as text', () => {
    const sc = { code: 'NOT_FOUND', ref: 'TRCSaaaaaaaa' };
    const c: StackCase = {
      result: { content: [{ type: 'text', text: 'TRCVaaaaaaaa' }], structuredContent: sc, isError: true },
      canaries: { ...none, visible: ['TRCVaaaaaaaa'], structured: ['TRCSaaaaaaaa'] },
    };
    const msg = { role: 'tool', content: 'TRCVaaaaaaaa' };
    expect(
      judge('TR-STACK-9', c, answer(msg, [{ artifact: [{ type: 'mcp_structured_content', data: { ref: 'TRCSaaaaaaaa', code: 'NOT_FOUND' } }] }])),
    ).toBeUndefined();
    expect(judge('TR-STACK-9', c, answer(msg, [{ content: JSON.stringify(sc) }]))?.wanted).toEqual(sc);
    expect(judge('TR-STACK-9', c, answer(msg, [{ data: { ...sc, extra: 1 } }]))).toBeDefined();
    expect(judge('TR-STACK-7', { ...c, result: { ...c.result, isError: false } }, answer(msg, null))).toBeDefined();
    expect(holdsWhole({ a: [1, { b: null }] }, { b: null })).toBe(true);
    expect(holdsWhole({ a: [1, 2] }, [2, 1])).toBe(false);
  });

  it('TR-STACK-10: media octets count base64 payloads in media parts only', () => {
    expect(
      mediaStrings([
        { type: 'image_url', image_url: { url: 'data:image/png;base64,AAAA' } },
        { type: 'text', text: 'AAAA' },
      ]),
    ).toBe('data:image/png;base64,AAAA'.length);
  });

  it('TR-STACK-17/18/19: run-only canaries in a store or an exported body fail, as text or as decoded octets; no report is n/a, never a pass', () => {
    const c: StackCase = {
      result: {
        content: [
          { type: 'text', text: 'done TRCVeeeeeeee' },
          { type: 'text', text: 'TRCUeeeeeeee', annotations: { audience: ['user'] } },
          { type: 'image', data: 'iVBORw0KTRCBeeeeeeeeAAAA', mimeType: 'image/png' },
        ],
        structuredContent: { note: 'TRCSeeeeeeee' },
        _meta: { 'example.com/trace': 'TRCMeeeeeeee', 'example.com/trace-TRCMffffffff': true },
      },
      canaries: {
        ...none,
        visible: ['TRCVeeeeeeee'],
        userOnly: ['TRCUeeeeeeee'],
        binary: ['TRCBeeeeeeee'],
        structured: ['TRCSeeeeeeee'],
        meta: ['TRCMeeeeeeee', 'TRCMffffffff'],
      },
    };
    const base: StepAnswer = { requests: [], kept: null, threw: null };
    const stored = (text: string) => [{ where: 'store s.db', text }];
    // Model-facing text in a store is no leak; nothing run-only, no finding.
    expect(judge('TR-STACK-17', c, { ...base, persisted: stored('\x00done TRCVeeeeeeee\x01') })).toBeUndefined();
    expect(judge('TR-STACK-17', c, { ...base, persisted: [] })).toBeUndefined();
    for (const [text, canary, form] of [
      ['{"structuredContent":{"note":"TRCSeeeeeeee"}}', 'TRCSeeeeeeee', 'text'],
      ['{"example.com/trace-TRCMffffffff":true}', 'TRCMffffffff', 'text'],
      ['user TRCUeeeeeeee', 'TRCUeeeeeeee', 'text'],
      ['"data":"iVBORw0KTRCBeeeeeeeeAAAA"', 'TRCBeeeeeeee', 'text'],
      [`\x89PNG${Buffer.from('iVBORw0KTRCBeeeeeeeeAAAA', 'base64').toString('latin1')}`, 'TRCBeeeeeeee', 'octets'],
    ] as const) {
      const f = judge('TR-STACK-17', c, { ...base, persisted: [{ where: 'ok.db', text: 'nothing' }, ...stored(text)] });
      expect([f?.canary, f?.found?.[0]?.form, f?.found?.[0]?.path === 'store s.db, occurrence 1']).toEqual([canary, form, true]);
      expect(f?.found?.[0]?.excerpt).toContain(`⟦${canary}⟧`);
      const t = judge('TR-STACK-18', c, { ...base, exported: stored(text) });
      expect(t?.summary).toMatch(/reached the exported telemetry at store s\.db$/);
    }
    // The text around a canary stops at the first octet that is not printable ASCII (binary
    // neighbours are tags, ids and timestamps that change from run to run): decoded octets show as
    // the marked canary alone, and text beside a binary field keeps its printable part.
    const octets = judge('TR-STACK-19', c, { ...base, exported: stored(`\x01${Buffer.from('iVBORw0KTRCBeeeeeeeeAAAA', 'base64').toString('latin1')}\x02`) });
    expect(octets?.summary).toBe('binary data, as its decoded octets, reached the exported telemetry with content recording on at store s.db');
    expect(octets?.found?.[0]?.excerpt).toBe('…⟦TRCBeeeeeeee⟧…');
    const beside = judge('TR-STACK-18', c, { ...base, exported: stored('\x12\x07z{"data":"iVBORw0KTRCBeeeeeeeeAAAA"}\x00\x85') });
    expect(beside?.found?.[0]?.excerpt).toBe('…z{"data":"iVBORw0K⟦TRCBeeeeeeee⟧AAAA"}…');
    const proto = judge('TR-STACK-18', c, {
      ...base,
      exported: [{ where: 'POST /v1/traces (application/x-protobuf)', text: 'z{"data":"iVBORw0KTRCBeeeeeeeeAAAA"}z' }],
    });
    expect(proto?.found?.[0]?.excerpt).toBe('…⟦TRCBeeeeeeee⟧…');
    // A structured value (a success's or an error's) without model-facing text is the answer (TR-NORM-20): not run-only.
    const only: StackCase = { result: { content: [], structuredContent: { n: 'TRCSgggggggg' } }, canaries: { ...none, structured: ['TRCSgggggggg'] } };
    expect(judge('TR-STACK-17', only, { ...base, persisted: stored('TRCSgggggggg') })).toBeUndefined();
    const failed: StackCase = { ...only, result: { ...only.result, isError: true } };
    expect(judge('TR-STACK-17', failed, { ...base, persisted: stored('TRCSgggggggg') })).toBeUndefined();
    const withText: StackCase = {
      result: { ...failed.result, content: [{ type: 'text', text: 'failed TRCVgggggggg' }] },
      canaries: { ...failed.canaries, visible: ['TRCVgggggggg'] },
    };
    expect(judge('TR-STACK-17', withText, { ...base, persisted: stored('TRCSgggggggg') })?.canary).toBe('TRCSgggggggg');
    // No report: n/a with the adapter's reason, or the kit's.
    const na = (id: string, a: StepAnswer) => {
      const r = checkById(id)!.judge(c, a);
      return isNotApplicable(r) ? r.notApplicable : 'judged';
    };
    expect(na('TR-STACK-17', base)).toBe('the adapter reports no persisted state');
    expect(na('TR-STACK-17', { ...base, persistedNotApplicable: 'no checkpointer' })).toBe('no checkpointer');
    expect(na('TR-STACK-18', base)).toBe('the adapter reports no exported telemetry');
    expect(na('TR-STACK-19', { ...base, exportedNotApplicable: 'no tracing' })).toBe('no tracing');
    expect(checkById('TR-STACK-19')!.telemetry).toBe('content');
  });

  it('generated cases carry what each check needs, and their canaries stand where their role says', () => {
    for (const check of CHECKS) {
      fc.assert(
        fc.property(probeCase(check.needs), (c) => {
          expect(satisfies(c, check.needs)).toBe(true);
          const inResult = (t: string) => findCanary(c.result, t);
          for (const t of c.canaries.visible) expect(inResult(t).some((o) => o.path.endsWith('.text'))).toBe(true);
          for (const t of c.canaries.structured) expect(findCanary(c.result['structuredContent'], t).length).toBeGreaterThan(0);
          for (const t of c.canaries.meta) expect(inResult(t).every((o) => o.path.includes('_meta'))).toBe(true);
          // Each `_meta` canary stands in a member name too: a stack forwarding only keys leaks it.
          for (const t of c.canaries.meta) expect(inResult(t).some((o) => o.path.endsWith('(member name)'))).toBe(true);
          // No model-facing text carries a data canary: TR-STACK-2/3/4 test only the data channels.
          const blocks = c.result['content'] as { text?: string; annotations?: { audience?: string[] } }[];
          const modelText = blocks
            .filter((b) => !b.annotations?.audience || b.annotations.audience.includes('assistant'))
            .map((b) => b.text ?? '')
            .join('\n');
          for (const t of [...c.canaries.structured, ...c.canaries.meta, ...c.canaries.binary, ...c.canaries.userOnly]) expect(modelText).not.toContain(t);
        }),
        { seed: 7, numRuns: 60 },
      );
    }
  });
});
