// Ad-hoc: run one adapter step from the command line: tsx step.ts ADAPTER ARGS... < input.json
import { spawn } from 'node:child_process';
const [adapter, ...args] = process.argv.slice(2);
const input = JSON.parse(await new Response(process.stdin as never).text());
const p = spawn(process.execPath, ['--import', 'tsx', adapter!, ...args], { stdio: ['pipe', 'pipe', 'inherit'] });
p.stdin.write(JSON.stringify({ id: 1, op: 'hello', input: {} }) + '\n');
p.stdin.write(JSON.stringify({ id: 2, op: 'step', input }) + '\n');
p.stdin.write(JSON.stringify({ id: 3, op: 'stop', input: {} }) + '\n');
let out = '';
p.stdout.on('data', (d) => (out += d));
p.on('close', () => { for (const l of out.trim().split('\n')) { const r = JSON.parse(l); if (r.id === 2) if (!r.ok) console.log(JSON.stringify(r.error)); else { const o = r.output; const cut = (v: unknown) => JSON.stringify(v).slice(0, Number(process.env.CUT ?? 1500)); console.log('n requests', o.requests.length, 'threw', o.threw); console.log('BODY', cut(o.requests.at(-1))); console.log('MODEL', cut(o.modelRequests?.at(-1))); console.log('KEPT', cut(o.kept)); } else if (r.id===1) console.error(JSON.stringify(r.output)); } });
