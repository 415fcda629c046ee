// @ts-nocheck
// The inspector's page. Every string from the ledger reaches the DOM through textContent or a
// text node, never as markup (no innerHTML, no insertAdjacentHTML, no attribute built from data
// but a fixed class): a label like `<img src=x onerror=…>` shows as those characters. The server's
// Content Security Policy forbids inline script besides.
'use strict';

const PAGE = 50;
const state = { offset: 0, total: 0, selected: null, filters: { callId: '', state: '', warning: '' }, info: null, mark: null };

function el(tag, props = {}, ...children) {
  const node = document.createElement(tag);
  if (props.className) node.className = props.className;
  if (props.text !== undefined) node.textContent = String(props.text);
  if (props.onClick) node.addEventListener('click', props.onClick);
  if (props.title) node.title = String(props.title);
  for (const c of children) if (c !== null && c !== undefined) node.append(c);
  return node;
}

async function api(path) {
  const res = await fetch(path, { headers: { Accept: 'application/json' } });
  const body = await res.json();
  if (!res.ok) throw new Error(body && typeof body.error === 'string' ? body.error : `HTTP ${res.status}`);
  return body;
}

const time = (ms) => (ms ? new Date(ms).toISOString().replace('T', ' ').replace('Z', ' UTC') : '');

function params() {
  const p = new URLSearchParams({ offset: String(state.offset), limit: String(PAGE) });
  for (const [k, v] of Object.entries(state.filters)) if (v) p.set(k, v);
  return p;
}

async function loadCalls() {
  const started = performance.now();
  let page;
  try {
    page = await api(`/api/calls?${params()}`);
  } catch (e) {
    document.getElementById('count').textContent = `The ledger could not be read: ${e.message}`;
    return;
  }
  state.total = page.total;
  const body = document.querySelector('#call-table tbody');
  body.replaceChildren(
    ...page.calls.map((c) => {
      const key = callKey(c);
      const row = el(
        'tr',
        { className: key === state.selected ? 'selected' : '' },
        // The scope, where the call has one (a call ID may name calls of several scopes), under the ID.
        c.scope
          ? el('td', { className: 'mono' }, el('div', { className: 'call-id', text: c.callId }), el('div', { className: 'scope', text: `scope ${c.scope}` }))
          : el('td', { className: 'mono' }, el('div', { className: 'call-id', text: c.callId })),
        // The time the list is sorted by (the server's ORDER BY): when the call finished, else when it was claimed.
        el('td', { text: time(c.finishedAt ?? c.claimedAt) }),
        el('td', { className: `state state-${c.state === 'finished' ? 'finished' : c.state === 'interrupted' ? 'interrupted' : 'pending'}`, text: c.state }),
        el('td', { className: 'mono', text: c.warnings.join(' ') }),
        el('td', { text: c.auditLevels.join(', ') }),
      );
      row.dataset.key = key;
      row.addEventListener('click', () => select(c));
      row.tabIndex = 0;
      row.addEventListener('keydown', (e) => {
        if (e.key === 'Enter') select(c);
      });
      return row;
    }),
  );
  const last = Math.min(state.offset + page.calls.length, page.total);
  document.getElementById('count').textContent =
    page.total === 0 ? 'No call matches.' : `Calls ${state.offset + 1}–${last} of ${page.total} (${Math.round(performance.now() - started)} ms)`;
  document.getElementById('prev').disabled = state.offset === 0;
  document.getElementById('next').disabled = last >= page.total;
  document.body.dataset.loaded = String(Date.now());
}

/** A collapsible view of a JSON value: objects and arrays as <details>, leaves as text. */
function jsonTree(value, key, depth = 0) {
  const label = key === undefined ? '' : `${key}: `;
  if (value === null || typeof value !== 'object') return el('div', { className: 'leaf mono', text: `${label}${JSON.stringify(value)}` });
  const entries = Array.isArray(value) ? value.map((v, i) => [String(i), v]) : Object.entries(value);
  const details = el(
    'details',
    {},
    el('summary', { className: 'mono', text: `${label}${Array.isArray(value) ? `[${entries.length}]` : `{${entries.length}}`}` }),
  );
  if (depth < 2) details.open = true;
  for (const [k, v] of entries.slice(0, 500)) details.append(jsonTree(v, k, depth + 1));
  if (entries.length > 500) details.append(el('div', { className: 'leaf', text: `… ${entries.length - 500} more` }));
  return details;
}

function artifactView(v) {
  const fig = el('figure', { className: `artifact artifact-${v.kind}` }, el('figcaption', { text: v.label || '(no label)' }));
  if (v.kind === 'table') {
    const head = el('tr', {}, ...v.columns.map((c) => el('th', { text: c })));
    const rows = v.rows.slice(0, 1000).map((r) => el('tr', {}, ...r.map((c) => el('td', { text: c }))));
    fig.append(el('table', {}, el('thead', {}, head), el('tbody', {}, ...rows)));
    if (v.rows.length > 1000) fig.append(el('p', { text: `… ${v.rows.length - 1000} more rows` }));
  } else if (v.kind === 'text') fig.append(el('pre', { text: v.text }));
  else fig.append(el('p', { className: 'note', text: `Unknown artifact type "${v.type}": its data as JSON.` }), el('pre', { text: v.json }));
  return fig;
}

function tabs(defs) {
  const bar = el('div', { className: 'tabs' });
  const panel = el('div', { className: 'panel' });
  const show = (i) => {
    [...bar.children].forEach((b, j) => {
      b.setAttribute('aria-selected', String(i === j));
    });
    panel.replaceChildren(defs[i].render());
  };
  defs.forEach((d, i) => {
    const b = el('button', { text: d.name, onClick: () => show(i) });
    b.type = 'button';
    b.dataset.tab = d.name.toLowerCase();
    bar.append(b);
  });
  show(0);
  return el('div', {}, bar, panel);
}

function sideBySide(v) {
  const saw = el('div', { className: 'pane saw' }, el('h3', { text: 'The model saw' }));
  if (v.wire) {
    saw.append(
      el('p', { className: 'note', text: v.wire.isError ? 'an error result (isError: true)' : 'a result (isError: false)' }),
      el('pre', { className: 'wire', text: v.wire.content }),
    );
  } else if (v.summary) {
    saw.append(
      el('p', { text: `${v.summary.contentOctets} octets of content${v.summary.isError ? ' (an error result)' : ''}; the bytes are not kept by this record.` }),
    );
  } else saw.append(el('p', { className: 'note', text: 'Not shown at this privacy level.' }));
  const kept = el('div', { className: 'pane kept' }, el('h3', { text: 'Stayed with the program' }));
  if (v.structured || v.artifacts) {
    kept.append(el('p', { text: `structured: ${v.structured?.present ? 'yes' : 'none'}; artifacts: ${(v.artifacts || []).length}` }));
  } else if (v.summary) {
    kept.append(
      el('p', {
        text: `structured: ${v.summary.hasStructured ? `${v.summary.structuredOctets} octets` : 'none'}; artifacts: ${v.summary.artifactCount} (${(v.summary.artifactTypes || []).join(', ') || 'no type'}), ${v.summary.artifactsOctets} octets`,
      }),
    );
  } else kept.append(el('p', { className: 'note', text: 'Not shown at this privacy level.' }));
  return el('div', { className: 'side-by-side' }, saw, kept);
}

function renderDetail(v) {
  const head = el(
    'div',
    { className: 'detail-head' },
    el('h2', { className: 'mono', text: v.callId }),
    ...(v.scope ? [el('p', { className: 'mono', text: `scope ${v.scope}` })] : []),
    el('p', {
      text: `${v.state} · claimed ${time(v.claimedAt)}${v.finishedAt ? ` · finished ${time(v.finishedAt)}` : ''} · shown from: ${v.source}${v.shown !== 'full' || v.source !== 'ledger entry' ? ` (${v.shown})` : ' (--full)'}`,
    }),
  );
  const parts = [head];
  if (v.notice) parts.push(el('p', { className: 'notice', text: v.notice }));
  parts.push(sideBySide(v));
  parts.push(
    tabs([
      {
        name: 'Structured',
        render: () =>
          v.structured?.present
            ? jsonTree(JSON.parse(v.structured.json))
            : el('p', { className: 'note', text: v.structured ? 'No structured value.' : 'Not shown at this privacy level.' }),
      },
      {
        name: 'Artifacts',
        render: () =>
          v.artifacts
            ? v.artifacts.length
              ? el('div', {}, ...v.artifacts.map(artifactView))
              : el('p', { className: 'note', text: 'No artifacts.' })
            : el('p', { className: 'note', text: 'Not shown at this privacy level.' }),
      },
      {
        name: 'Warnings',
        render: () =>
          v.warnings.length
            ? el(
                'table',
                {},
                el(
                  'thead',
                  {},
                  el('tr', {}, el('th', { text: 'code' }), el('th', { text: 'set by' }), el('th', { text: 'meaning' }), el('th', { text: 'spec' })),
                ),
                el(
                  'tbody',
                  {},
                  ...v.warnings.map((w) =>
                    el(
                      'tr',
                      {},
                      el('td', { className: 'mono', text: w.code }),
                      el('td', { text: w.setBy }),
                      el('td', { text: w.meaning }),
                      el('td', { className: 'mono', text: w.section }),
                    ),
                  ),
                ),
              )
            : el('p', { className: 'note', text: 'No warnings.' }),
      },
      {
        name: 'Audit',
        render: () =>
          v.audits.length
            ? el('div', {}, ...v.audits.map((a) => el('div', {}, el('h4', { text: `level ${a.level}` }), el('pre', { text: a.json }))))
            : el('p', { className: 'note', text: 'No audit record shown.' }),
      },
    ]),
  );
  document.getElementById('detail').replaceChildren(...parts);
}

/** A call's key (§7.3: scope, call ID, fingerprint) as one string, to tell its row from its namesakes'. */
function callKey(c) {
  return JSON.stringify([c.scope, c.callId, c.fingerprint]);
}

async function select(c) {
  state.selected = callKey(c);
  for (const tr of document.querySelectorAll('#call-table tbody tr')) tr.classList.toggle('selected', tr.dataset.key === state.selected);
  try {
    renderDetail(await api(`/api/call?${new URLSearchParams({ id: c.callId, scope: c.scope, fingerprint: c.fingerprint })}`));
  } catch (e) {
    document.getElementById('detail').replaceChildren(el('p', { className: 'notice', text: `This call could not be read: ${e.message}` }));
  }
}

async function follow() {
  try {
    const m = await api('/api/mark');
    if (state.mark && (m.calls !== state.mark.calls || m.lastChange !== state.mark.lastChange)) await loadCalls();
    state.mark = m;
  } catch {
    /* the next poll tries again */
  }
  setTimeout(follow, 1500);
}

async function start() {
  const info = await api('/api/info');
  state.info = info;
  document.getElementById('ledger').textContent = `ledger: ${info.ledger}`;
  const mode = document.getElementById('mode');
  mode.textContent = info.full
    ? 'FULL: the ledger entries are shown, run-only data included (--full)'
    : 'Privacy: each call shows what its audit records keep; run-only data only with --full';
  mode.className = info.full ? 'mode full' : 'mode';
  document.title = info.full ? 'toolresult inspect (FULL)' : 'toolresult inspect';
  const stateSel = document.getElementById('f-state');
  for (const s of info.states) stateSel.append(el('option', { text: s }));
  const warnSel = document.getElementById('f-warning');
  for (const w of info.warnings) warnSel.append(el('option', { text: w }));
  let timer;
  const refilter = () => {
    clearTimeout(timer);
    timer = setTimeout(() => {
      state.filters = { callId: document.getElementById('f-call').value, state: stateSel.value, warning: warnSel.value };
      state.offset = 0;
      loadCalls();
    }, 150);
  };
  document.getElementById('f-call').addEventListener('input', refilter);
  stateSel.addEventListener('change', refilter);
  warnSel.addEventListener('change', refilter);
  document.getElementById('filters').addEventListener('submit', (e) => e.preventDefault());
  document.getElementById('prev').addEventListener('click', () => {
    state.offset = Math.max(0, state.offset - PAGE);
    loadCalls();
  });
  document.getElementById('next').addEventListener('click', () => {
    state.offset += PAGE;
    loadCalls();
  });
  await loadCalls();
  if (info.follow) follow();
}

document.addEventListener('DOMContentLoaded', () => {
  start().catch((e) => {
    document.getElementById('count').textContent = `The inspector could not start: ${e.message}`;
  });
});
