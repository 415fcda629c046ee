// Answers the profile's floor at once and every other request correctly but after 600 ms of CPU
// work: the cost profile must find it beyond its limits. With --fail-open it also answers a schema
// check as a pass (keeps structured), which is a wrong answer.
import { serve } from './serve.mjs';
const failOpen = process.argv.includes('--fail-open');
serve(
  (req) => {
    let output = {};
    if (req.op !== 'decode') {
      // 600 ms of CPU, not of the wall clock: the profile times the adapter's CPU, and a loaded
      // machine would give a wall-clock loop only part of it. The loop allocates nothing between its
      // rare clock reads, so no garbage is left for a collector to work off during the next floor.
      const start = process.cpuUsage();
      let x = 0;
      for (let used = 0; used < 600_000; ) {
        for (let i = 0; i < 100_000; i++) x = (x * 31 + i) | 0;
        const d = process.cpuUsage(start);
        used = d.user + d.system;
      }
      if (x === 0.5) process.stderr.write('unreachable\n'); // keeps the loop from being optimised away
      const warnings = failOpen ? [] : [{ code: 'structured.schema_mismatch' }];
      output = { result: { content: 't', isError: false, artifacts: [], warnings } };
    }
    process.stdout.write(`${JSON.stringify({ id: req.id, ok: true, output, logs: [] })}\n`);
  },
  {
    name: 'super-linear',
    version: '0',
    language: 'javascript',
    protocol: 'toolresult-adapter/1',
    groups: ['normalize-mcp'],
    stringModel: 'utf16',
    cycles: false,
    opaqueValues: false,
  },
);
