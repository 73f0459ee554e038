// The runtime stage of the Dockerfile as steps to run outside Docker: scripts/deploy-check.ts runs
// them on CI's machine, where no Docker engine runs (docs/operations.md, section 0).

function fail(text: string): never {
  throw new Error(text);
}

/** The runtime stage of the Dockerfile, as the steps this check runs. */
export function runtimeSteps(dockerfile: string) {
  const lines = dockerfile
    .replace(/\\\n/g, ' ')
    .split('\n')
    .map((l) => l.trim());
  const from = lines.findIndex((l) => /^FROM\s+\S+\s+AS\s+runtime$/i.test(l));
  if (from < 0) fail('the Dockerfile has no `FROM … AS runtime` stage');
  const copies: { sources: string[]; target: string }[] = [];
  const env: Record<string, string> = {};
  const runs: string[] = [];
  let healthcheck: string[] | null = null;
  let cmd: string[] | null = null;
  for (const line of lines.slice(from + 1)) {
    if (/^FROM\s/i.test(line)) break;
    const copy = /^COPY\s+--from=build\s+(.+)$/i.exec(line);
    if (copy) {
      const words = (copy[1] as string).split(/\s+/);
      const target = words.pop() as string;
      copies.push({ sources: words.map((w) => w.replace(/^\/app\//, '')), target });
    } else if (/^COPY\s/i.test(line)) fail(`a runtime COPY that is not from the build stage: ${line}`);
    else if (/^ENV\s/i.test(line)) {
      for (const [, k, v] of line.slice(4).matchAll(/(\w+)=(\S+)/g)) env[k as string] = v as string;
    } else if (/^RUN\s/i.test(line)) runs.push(line.slice(4));
    else if (/^HEALTHCHECK\s/i.test(line)) healthcheck = JSON.parse(line.slice(line.indexOf('CMD') + 3).trim());
    else if (/^CMD\s/i.test(line)) cmd = JSON.parse(line.slice(4));
  }
  if (!healthcheck || !cmd) fail('the runtime stage needs a HEALTHCHECK CMD and a CMD, in JSON form');
  return { copies, env, runs, healthcheck, cmd };
}
