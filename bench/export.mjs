#!/usr/bin/env node
// Export benchmark: `pwctl export <dir>` of 20,000 tasks and 2,000 documents (about 1 KB of
// Markdown each) under GNU time -v.
// Figures: requests (must be the minimum: 20 task pages + 2 document pages + one each for
// milestones and webhooks, which are empty = 24), the CLI's peak RSS (target < 120 MB: records
// go to disk as they arrive), wall time and records/s (medians), and the files' record counts.
// The sandbox runs with the empty seed plus 20,000 generated tasks; the documents are created
// over the API before the first run. One more run with four times the tasks (80,000) shows that
// memory does not grow with the export (informational: the difference of the two peaks; V8
// lets its heap grow to a plateau before it collects, so a small export peaks lower).
// Run `npm run build` first. Loopback only.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { median, report, spawnMeasured, startSandboxOfTasks } from './lib.mjs';

const TASKS = 20_000;
const DOCUMENTS = 2_000;
const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const RSS_TARGET_MB = 120;
const MINIMUM_REQUESTS = Math.ceil(TASKS / 1000) + Math.ceil(DOCUMENTS / 1000) + 1 + 1;

const BODY = Array.from(
  { length: 12 },
  (_, i) => `## Section ${i + 1}\n\nThe agency and the client agree on scope, dates and owners for part ${i + 1}.`,
).join('\n\n');

async function createDocuments(sandbox, count) {
  let next = 0;
  const worker = async () => {
    while (next < count) {
      const i = next++;
      const response = await fetch(`${sandbox.baseUrl}/api/v1/documents`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${sandbox.tokens.manager}`, 'Content-Type': 'application/json' },
        body: JSON.stringify({
          title: `Handbook page ${i + 1}`,
          content: BODY,
          project_id: 31,
          is_internal: i % 2 === 0,
        }),
      });
      if (response.status !== 201) throw new Error(`creating document ${i + 1}: ${response.status}`);
    }
  };
  await Promise.all(Array.from({ length: 16 }, worker));
}

async function runExport(dir, env) {
  let stdout = '';
  const run = await spawnMeasured(['export', dir, '-o', 'json', '-q'], env, (chunk) => (stdout += chunk));
  return { ...run, stdout };
}

function countLines(path) {
  const text = readFileSync(path, 'utf8');
  return text === '' ? 0 : text.trimEnd().split('\n').length;
}

const root = mkdtempSync(join(tmpdir(), 'pwctl-bench-export-'));

const LARGE_TASKS = TASKS * 4;

/** Peak RSS of one export with four times the tasks, from a sandbox of its own. */
async function largeRssMb() {
  const large = await startSandboxOfTasks(LARGE_TASKS);
  try {
    await createDocuments(large, DOCUMENTS);
    const run = await runExport(join(root, 'large'), {
      PWCTL_BASE_URL: large.baseUrl,
      PWCTL_TOKEN: large.tokens.manager,
    });
    if (run.code !== 0) throw new Error(`export exited ${run.code}: ${run.stderr.slice(0, 500)}`);
    return run.rssKb === null ? null : run.rssKb / 1024;
  } finally {
    large.child.kill('SIGTERM');
  }
}

const largeRss = await largeRssMb();
const sandbox = await startSandboxOfTasks(TASKS, { controlApi: true });
try {
  await createDocuments(sandbox, DOCUMENTS);
  let seen = (await (await fetch(`${sandbox.baseUrl}/_sandbox/requests`)).json()).data.length;
  const runs = [];
  for (let i = 0; i < RUNS; i++) {
    const dir = join(root, `run-${i}`);
    const run = await runExport(dir, { PWCTL_BASE_URL: sandbox.baseUrl, PWCTL_TOKEN: sandbox.tokens.manager });
    if (run.code !== 0) throw new Error(`export exited ${run.code}: ${run.stderr.slice(0, 500)}`);
    const log = (await (await fetch(`${sandbox.baseUrl}/_sandbox/requests`)).json()).data.slice(seen);
    seen += log.length;
    const manifest = JSON.parse(readFileSync(join(dir, 'manifest.json'), 'utf8'));
    const lines = {
      documents: countLines(join(dir, 'documents.ndjson')),
      steps: countLines(join(dir, 'steps.ndjson')),
    };
    runs.push({ ...run, requests: log.length, manifest, lines });
    rmSync(dir, { recursive: true, force: true });
  }
  const wallMs = median(runs.map((r) => r.ms));
  const rssMb = runs.some((r) => r.rssKb === null) ? null : Math.max(...runs.map((r) => r.rssKb)) / 1024;
  const complete = runs.every(
    (r) =>
      r.manifest.counts.steps === TASKS &&
      r.manifest.counts.documents === DOCUMENTS &&
      r.lines.steps === TASKS &&
      r.lines.documents === DOCUMENTS,
  );
  console.log(
    `export of ${TASKS} tasks and ${DOCUMENTS} documents, ${RUNS} runs; requests per run: ${runs.map((r) => r.requests).join(', ')}`,
  );
  report('export', [
    {
      name: 'records',
      value: TASKS + DOCUMENTS,
      unit: 'records',
      target: `${TASKS} tasks + ${DOCUMENTS} documents in the files and the manifest`,
      met: complete,
    },
    {
      name: 'requests',
      value: Math.max(...runs.map((r) => r.requests)),
      unit: 'requests',
      target: `${MINIMUM_REQUESTS} (the minimum)`,
      met: runs.every((r) => r.requests === MINIMUM_REQUESTS),
    },
    { name: 'wall_time', value: Math.round(wallMs), unit: 'ms', target: 'informational (median)' },
    {
      name: 'records_per_second',
      value: Math.round((TASKS + DOCUMENTS) / (wallMs / 1000)),
      unit: 'records/s',
      target: 'informational (median)',
    },
    {
      name: 'peak_rss',
      value: rssMb === null ? -1 : Number(rssMb.toFixed(1)),
      unit: 'MB',
      target: `< ${RSS_TARGET_MB} (worst run)`,
      met: rssMb !== null && rssMb < RSS_TARGET_MB,
    },
    {
      name: 'peak_rss_80000_tasks',
      value: largeRss === null ? -1 : Number(largeRss.toFixed(1)),
      unit: 'MB',
      target: `informational (${LARGE_TASKS} tasks + ${DOCUMENTS} documents, one run)`,
    },
    {
      name: 'rss_growth_4x_tasks',
      value: rssMb === null || largeRss === null ? -1 : Number((largeRss - rssMb).toFixed(1)),
      unit: 'MB',
      target: 'informational (flat: a page in memory, not the export)',
    },
  ]);
} finally {
  sandbox.child.kill('SIGTERM');
  rmSync(root, { recursive: true, force: true });
}
