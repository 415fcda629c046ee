// The files the command line names (known-failing lists, reports, the vectors folder): each problem
// with one becomes a one-line usage error that names the option and the path, found before the run
// starts where it can be, so a run never ends in a stack trace or loses its summary.
import { accessSync, constants, mkdirSync, readFileSync, statSync } from 'node:fs';
import { dirname } from 'node:path';
import { UsageError } from './args.ts';

const PLAIN: Readonly<Record<string, string>> = {
  ENOENT: 'no such file or directory',
  EISDIR: 'it is a directory',
  ENOTDIR: 'a part of the path is not a directory',
  EEXIST: 'a part of the path is not a directory', // mkdir -p over a file
  EACCES: 'permission denied',
  EPERM: 'permission denied',
  EROFS: 'read-only file system',
  ENOSPC: 'no space left on the device',
};

/** The reason of a file-system error in a few words, without the stack. */
export function fileProblem(e: unknown): string {
  const code = (e as NodeJS.ErrnoException | undefined)?.code;
  return (code && PLAIN[code]) ?? (e instanceof Error ? e.message : String(e));
}

/** Reads a file named by `option`; a problem is a usage error naming both. */
export function readOptionFile(option: string, file: string): string {
  try {
    return readFileSync(file, 'utf8');
  } catch (e) {
    throw new UsageError(`${option} ${file}: cannot read it (${fileProblem(e)})`);
  }
}

/**
 * Makes sure a report can be written to `file` before the run starts: creates its folder when it is
 * missing and refuses a directory or a place that cannot be written.
 */
export function prepareOutputFile(option: string, file: string): void {
  try {
    mkdirSync(dirname(file), { recursive: true });
    let isDirectory = false;
    try {
      isDirectory = statSync(file).isDirectory();
      if (!isDirectory) accessSync(file, constants.W_OK);
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'ENOENT') throw e;
      accessSync(dirname(file), constants.W_OK);
    }
    if (isDirectory) throw Object.assign(new Error('is a directory'), { code: 'EISDIR' });
  } catch (e) {
    throw new UsageError(`${option} ${file}: cannot write it (${fileProblem(e)})`);
  }
}
