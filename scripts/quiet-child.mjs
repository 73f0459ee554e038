// A child process whose output (stdout and stderr together) goes to a file and is read back whole
// when it ends, so that the output of processes run side by side never interleaves. A file rather
// than a pipe: a parent blocked in spawnSync meanwhile (scripts/test.mjs) would let a pipe fill and
// stall the child.
import { spawn } from 'node:child_process';
import { closeSync, mkdtempSync, openSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

const logs = mkdtempSync(path.join(tmpdir(), 'minecloud-output-'));
let started = 0;

/** Starts `command`; `ended` resolves with its exit code (1 when it could not start) and its output. */
export function startQuiet(command, args, options = {}) {
  started += 1;
  const log = path.join(logs, `${started}.log`);
  const fd = openSync(log, 'w');
  const child = spawn(command, args, { ...options, stdio: ['ignore', fd, fd] });
  closeSync(fd);
  const ended = new Promise((resolve) => {
    let spawnError = '';
    child.on('error', (error) => {
      spawnError = `${error.message}\n`;
    });
    child.on('close', (code) => resolve({ code: code ?? 1, output: readFileSync(log, 'utf8') + spawnError }));
  });
  return { child, ended };
}
