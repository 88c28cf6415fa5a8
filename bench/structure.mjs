#!/usr/bin/env node
// `phases list` and `projects list` over 20,000 tasks, 2,000 documents and 500 milestones.
// The API has no list of phases or projects: pwctl reads the records that name them, each
// list once, in pages of 1000. Figures: requests sent by each command against the fewest
// possible (phases: the tasks' 20 pages; projects: 20 + 2 + 1, as documents and milestones
// name projects too), and wall time (median of BENCH_RUNS).
// Run `npm run build` first. Loopback only.
import { median, report, spawnMeasured, startSandboxOfTasks } from './lib.mjs';

const TASKS = 20_000;
const DOCUMENTS = 2_000;
const MILESTONES = 500;
const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const pages = (n) => Math.ceil(n / 1000);

const sandbox = await startSandboxOfTasks(TASKS, { controlApi: true });
try {
  const headers = {
    authorization: `Bearer ${sandbox.tokens.manager}`,
    'content-type': 'application/json',
    accept: 'application/json',
  };
  const api = async (method, path, body) => {
    const response = await fetch(`${sandbox.baseUrl}/api/v1${path}`, {
      method,
      headers,
      body: body && JSON.stringify(body),
    });
    if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
    return response.json();
  };
  const [task] = (await api('GET', '/steps?per_page=1')).data;
  for (let i = 0; i < DOCUMENTS; i += 50) {
    await Promise.all(
      Array.from({ length: 50 }, (_, j) =>
        api('POST', '/documents', { title: `Bench document ${i + j}`, content: 'x', company_id: task.company.id }),
      ),
    );
  }
  for (let i = 0; i < MILESTONES; i += 50) {
    await Promise.all(
      Array.from({ length: 50 }, (_, j) =>
        api('POST', '/milestones', {
          title: `Bench milestone ${i + j}`,
          due_date: '2027-01-01',
          project_id: task.project.id,
        }),
      ),
    );
  }
  const env = { PWCTL_BASE_URL: sandbox.baseUrl, PWCTL_TOKEN: sandbox.tokens.manager };
  const requestLog = async () => (await (await fetch(`${sandbox.baseUrl}/_sandbox/requests`)).json()).data;

  async function measure(noun, runs = RUNS) {
    const times = [];
    let requests = 0;
    for (let i = 0; i < runs; i++) {
      const before = (await requestLog()).length;
      const run = await spawnMeasured([noun, 'list', '--all', '-o', 'json'], env);
      if (run.code !== 0) throw new Error(`${noun} list exited ${run.code}: ${run.stderr}`);
      times.push(run.ms);
      requests = Math.max(requests, (await requestLog()).length - before);
    }
    return { ms: median(times), requests };
  }

  // One untimed run of each first: the sandbox's first answers of a list are its slowest.
  await measure('phases', 1);
  await measure('projects', 1);
  const phases = await measure('phases');
  const projects = await measure('projects');
  const fewestPhases = pages(TASKS);
  const fewestProjects = pages(TASKS) + pages(DOCUMENTS) + pages(MILESTONES);
  report('structure', [
    {
      name: `phases list: requests (${TASKS} tasks)`,
      value: phases.requests,
      unit: 'requests',
      target: `${fewestPhases} (fewest)`,
      met: phases.requests === fewestPhases,
    },
    { name: 'phases list: wall time (median)', value: phases.ms, unit: 'ms' },
    {
      name: `projects list: requests (+${DOCUMENTS} docs, ${MILESTONES} milestones)`,
      value: projects.requests,
      unit: 'requests',
      target: `${fewestProjects} (fewest)`,
      met: projects.requests === fewestProjects,
    },
    { name: 'projects list: wall time (median)', value: projects.ms, unit: 'ms' },
  ]);
} finally {
  sandbox.child.kill();
}
