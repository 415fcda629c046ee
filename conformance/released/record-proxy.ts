// An adapter in front of another one: forwards every request line to it and every answer back, and
// writes each request with its answer to a file (one JSON line each), for
// scripts/record-older-answers.ts. The hello answer gets the `specVersion` given here when the
// adapter names none (an implementation older than TR-CONF-3's specVersion).
//   tsx record-proxy.ts OUT_FILE SPEC_VERSION -- COMMAND ARGS...
import { spawn } from 'node:child_process';
import { appendFileSync } from 'node:fs';
import { createInterface } from 'node:readline';

const [out, specVersion, dashes, ...command] = process.argv.slice(2);
if (out === undefined || specVersion === undefined || dashes !== '--' || command.length === 0) {
  process.stderr.write('usage: record-proxy.ts OUT_FILE SPEC_VERSION -- COMMAND ARGS...\n');
  process.exit(2);
}
// Appended to, never emptied: the kit starts a proxy again after each restart of the adapter.
const child = spawn(command[0]!, command.slice(1), { stdio: ['pipe', 'pipe', 'inherit'] });
// Requests by id, so each answer is written beside the line that asked it.
const asked = new Map<unknown, string>();

createInterface({ input: process.stdin, crlfDelay: Infinity })
  .on('line', (line) => {
    try {
      asked.set((JSON.parse(line) as { id?: unknown }).id, line);
    } catch {
      // Not JSON: the adapter answers it with id null, which nothing here pairs.
    }
    child.stdin.write(`${line}\n`);
  })
  .on('close', () => child.stdin.end());

createInterface({ input: child.stdout, crlfDelay: Infinity }).on('line', (line) => {
  let text = line;
  const answer = JSON.parse(line) as { id?: unknown; ok?: boolean; output?: Record<string, unknown> };
  const request = asked.get(answer.id);
  if (request !== undefined && /"op":"hello"/.test(request) && answer.ok && answer.output && answer.output.specVersion === undefined) {
    text = JSON.stringify({ ...answer, output: { ...answer.output, specVersion } });
  }
  if (request !== undefined) appendFileSync(out, `${JSON.stringify({ request, answer: text })}\n`);
  asked.delete(answer.id);
  process.stdout.write(`${text}\n`);
});
child.on('exit', (code) => process.exit(code ?? 1));
