// The reference artifact renderer (reference-impl/render/) shown on a page: every artifact type of
// this protocol version, a type from a later version, malformed entries, and strings that would be
// markup, script or links if a renderer interpreted them. Each is shown beside its JSON.
import { escapeHtml, renderArtifactHtml } from '../reference-impl/internal.ts';

const HOSTILE = [
  '<script>window.__ranScript = (window.__ranScript || 0) + 1</script>',
  '<img src=x onerror="window.__ranScript = (window.__ranScript || 0) + 1">',
  'javascript:window.__ranScript=1',
  '<a href="javascript:window.__ranScript=1">click</a>',
  '"><svg onload="window.__ranScript=1">',
  '&lt;already escaped&gt; &amp; 😀 \u202e reversed',
];

export interface DemoArtifact {
  readonly title: string;
  readonly artifact: unknown;
}

export const DEMO_ARTIFACTS: readonly DemoArtifact[] = [
  {
    title: 'table',
    artifact: {
      type: 'table',
      label: 'Invoices',
      data: {
        columns: ['id', 'amount'],
        rows: [
          ['INV-123', '500'],
          ['INV-456', '800'],
        ],
      },
    },
  },
  { title: 'text', artifact: { type: 'text', label: 'Summary', data: { text: 'Two invoices, 1,300 in total.\nBoth are paid.' } } },
  { title: 'the omission marker', artifact: { type: 'text', label: 'Artifacts omitted', data: { text: 'exceeded the artifact budget' } } },
  { title: 'a type from a later version (fallback)', artifact: { type: 'key_value', label: 'Settings', data: { pairs: [['region', 'eu-west']] } } },
  { title: 'a table whose rows do not fit its columns (fallback)', artifact: { type: 'table', label: 'Broken', data: { columns: ['a'], rows: [['1', '2']] } } },
  { title: 'a redacted record (fallback)', artifact: { type: '***', label: '***', data: { '***': '***' } } },
  {
    title: 'hostile strings in a table',
    artifact: {
      type: 'table',
      label: HOSTILE[0],
      data: {
        columns: [HOSTILE[1]!, HOSTILE[4]!],
        rows: [
          [HOSTILE[2]!, HOSTILE[3]!],
          [HOSTILE[5]!, HOSTILE[0]!],
        ],
      },
    },
  },
  { title: 'hostile strings in a text', artifact: { type: 'text', label: HOSTILE[1], data: { text: HOSTILE.join('\n') } } },
  {
    title: 'hostile type, label and keys',
    artifact: { type: HOSTILE[4], label: HOSTILE[3], data: { [HOSTILE[0]!]: HOSTILE[1], [HOSTILE[2]!]: [HOSTILE[4]] } },
  },
];

/** Every string of the demo that must show literally on the page. */
export const DEMO_HOSTILE_STRINGS: readonly string[] = HOSTILE;

export function artifactDemo(): string {
  const items = DEMO_ARTIFACTS.map(
    (d) =>
      `<section class="demo" data-demo="${escapeHtml(d.title)}"><div><h3>${escapeHtml(d.title)}</h3>${renderArtifactHtml(d.artifact)}</div><pre>${escapeHtml(JSON.stringify(d.artifact, null, 2))}</pre></section>`,
  );
  return [
    '<h1>Artifact renderer demo</h1>',
    '<p>Artifacts as <code>renderArtifactHtml</code> of the reference implementation renders them, each beside its JSON. Every string of an artifact is untrusted (TR-MODEL-7): it shows as text, never as markup. A type this version does not know, or an entry of the wrong shape, renders with the fallback view (TR-MODEL-6).</p>',
    ...items,
  ].join('\n');
}
