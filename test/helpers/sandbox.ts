// Start a sandbox for a test file. Cleanup is the caller's:
//
//   const sb = await startTestSandbox({ seed: 'empty' });
//   afterAll(() => sb.close());
//
// The CLI under test talks to it through sandboxEnv(sb, role): PWCTL_BASE_URL + PWCTL_TOKEN.
// Assert on sb.state (live, read-only), sb.requests and sb.deliveries.
import { startSandbox, type Role, type RunningSandbox, type SandboxOptions } from '../../src/sandbox/index.js';

/** Port 0, demo seed, and a rate limit high enough never to interfere unless a test sets one. */
export async function startTestSandbox(opts: SandboxOptions = {}): Promise<RunningSandbox> {
  return startSandbox({ rateLimit: 100_000, ...opts });
}

/** Environment that points pwctl at the sandbox as one of the seeded roles. */
export function sandboxEnv(sb: RunningSandbox, role: Role = 'manager'): Record<string, string> {
  return { PWCTL_BASE_URL: sb.baseUrl, PWCTL_TOKEN: sb.tokens[role] };
}

/** Change a document on the sandbox as another user would, behind pwctl's back (a pull's file is then stale). */
export async function changeDocumentOnService(
  sb: RunningSandbox,
  uuid: string,
  body: Record<string, unknown>,
): Promise<void> {
  const response = await fetch(`${sb.baseUrl}/api/v1/documents/${uuid}`, {
    method: 'PUT',
    headers: { Authorization: `Bearer ${sb.tokens.manager}`, 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`changing ${uuid} on the sandbox: ${response.status} ${await response.text()}`);
}
