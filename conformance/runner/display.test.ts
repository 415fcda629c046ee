import { describe, expect, it } from 'vitest';
import { failureReport, visible } from './display.ts';

describe('failure display', () => {
  it('TR-CONF-12: writes characters a terminal hides or confuses as \\u escapes, keeps the rest', () => {
    expect(visible('want "A\ufffdB", got "A?B"')).toBe('want "A\\ufffdB", got "A?B"');
    expect(visible('\ufeffe\u0301\u00a0\u200b\u2028x\ud800')).toBe('\\ufeffe\\u0301\\u00a0\\u200b\\u2028x\\ud800');
    expect(visible('\u{f0000}')).toBe('\\udb80\\udc00');
    expect(visible('plain é € 😀 "quotes" and \\u escapes')).toBe('plain é € 😀 "quotes" and \\u escapes');
  });

  it('TR-CONF-12: a report has the case ID, requirements, reason, input, want, got and replay', () => {
    const c = { id: 'vector/bound/coerce-strings/utf16-lone-low', requirements: ['TR-BOUND-1', 'TR-BOUND-2'] };
    const text = failureReport(
      'FAIL',
      c,
      {
        reason: 'output differs at $.text: want "\ufffd", got "?"',
        input: { value: { $tr: 'utf16', units: [56320] } },
        want: { text: '\ufffd' },
        got: { text: '?' },
      },
      'npm run conformance -- --only x',
    );
    expect(text.split('\n')).toEqual([
      'FAIL vector/bound/coerce-strings/utf16-lone-low [TR-BOUND-1 TR-BOUND-2]',
      '  reason: output differs at $.text: want "\\ufffd", got "?"',
      '  input:  {"value":{"$tr":"utf16","units":[56320]}}',
      '  want:   {"text":"\\ufffd"}',
      '  got:    {"text":"?"}',
      '  replay: npm run conformance -- --only x',
    ]);
  });

  it('TR-CONF-12: a case that got no answer says so instead of "undefined"', () => {
    const text = failureReport(
      'FAIL',
      { id: 'a', requirements: [] },
      { reason: 'no response to coerce within 300 ms', want: { text: '' }, got: undefined },
      'r',
    );
    expect(text).toContain('\n  got:    (no answer)\n');
  });
});
