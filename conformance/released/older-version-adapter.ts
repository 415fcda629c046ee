// An implementation of an earlier spec version, planted: today's reference adapter, except that
// every request for which that version's reference answered otherwise gets that older answer
// (conformance/released/answers/<VERSION>.json, recorded by scripts/record-older-answers.ts at the
// kit's default seed). Its handshake names VERSION as its specVersion (TR-CONF-3), so the kit must
// explain each of its failures by a change since (TR-CONF-24).
//   tsx older-version-adapter.ts VERSION
// It lives beside the recorded answers it serves, so the runner never imports this folder.
import { createInterface } from 'node:readline';
import { answer } from '../../reference-adapter/main.ts';
import { handlers } from '../../reference-adapter/ops/index.ts';
import { serveLines } from '../core/serve.ts';
import type { Response } from '../protocol/messages.ts';
import { readOlderAnswers, requestKey } from './older-answers.ts';

const version = process.argv[2] ?? '';
const older = readOlderAnswers(version);

function answerAsOlder(line: string) {
  const today = answer(line, handlers, `toolresult-reference as of ${version}`);
  const { response } = today;
  if (response.ok && (JSON.parse(line) as { op?: unknown }).op === 'hello')
    return { ...today, response: { ...response, output: { ...response.output, version, specVersion: version } } };
  const recorded = older.answers[requestKey(line)];
  return recorded === undefined ? today : { ...today, response: { id: response.id, ...recorded } as Response };
}

const rl = createInterface({ input: process.stdin, crlfDelay: Infinity });
await serveLines(rl, answerAsOlder, (text) => void process.stdout.write(text));
rl.close();
