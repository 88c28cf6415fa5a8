import { describe, expect, it } from 'vitest';
import { hasDisplay } from '../../src/auth/open-browser.js';

describe('hasDisplay', () => {
  it.each([
    [{}, 'linux', false],
    [{ DISPLAY: ':0' }, 'linux', true],
    [{ WAYLAND_DISPLAY: 'wayland-0' }, 'linux', true],
    [{ DISPLAY: '' }, 'freebsd', false],
    [{ WSL_DISTRO_NAME: 'Debian' }, 'linux', true],
    [{}, 'darwin', true],
    [{}, 'win32', true],
  ] as const)('%j on %s → %s', (env, platform, expected) => {
    expect(hasDisplay(env, platform)).toBe(expected);
  });
});
