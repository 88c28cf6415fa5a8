// Every test file's first step (vitest.config.ts setupFiles). The CLI run in the test process
// (runInProcess) takes its environment from the run, but a little of what it uses comes from
// the process itself: the local time zone tables print times in (TZ), and the D-Bus session
// the OS keyring library finds through this process's environment. Make them what runCli
// gives its children (baseEnv): the system's time zone, and no session bus — so an in-process
// `auth login` can never reach the developer's own keyring. The keyring tests start their
// own session and run the built CLI inside it.
for (const name of ['TZ', 'DBUS_SESSION_BUS_ADDRESS', 'XDG_RUNTIME_DIR', 'DISPLAY']) delete process.env[name];
