// The pieces of the update notifier that need no process: which feed answers name a
// release (their text reaches a terminal), and which version is newer.
import { describe, expect, it } from 'vitest';
import { latestOf } from '../../src/update/check-feed.js';
import { isNewer } from '../../src/update/notifier.js';

describe('the release feed', () => {
  it('reads {"version","url"} and GitHub\'s releases/latest shape', () => {
    expect(latestOf({ version: '0.4.0', url: 'https://example.com/v0.4.0' })).toEqual({
      version: '0.4.0',
      url: 'https://example.com/v0.4.0',
    });
    expect(
      latestOf({ tag_name: 'v1.2.3-rc.1', html_url: 'https://github.com/o/pwctl/releases/tag/v1.2.3-rc.1' }),
    ).toEqual({ version: '1.2.3-rc.1', url: 'https://github.com/o/pwctl/releases/tag/v1.2.3-rc.1' });
  });

  it('takes nothing that is not a version, and no link that is not a plain http(s) URL', () => {
    for (const feed of [null, 'x', {}, { version: 'latest' }, { version: '1.2' }, { version: '1.2.3\u001b[31m' }])
      expect(latestOf(feed)).toBeUndefined();
    expect(latestOf({ version: '1.0.0', url: 'javascript:alert(1)' })).toEqual({ version: '1.0.0' });
    expect(latestOf({ version: '1.0.0', url: 'https://x.example/\u001b]8;;evil' })).toEqual({ version: '1.0.0' });
  });
});

describe('isNewer', () => {
  it('compares major, minor and patch as numbers; a pre-release comes before its release', () => {
    expect(isNewer('0.10.0', '0.9.9')).toBe(true);
    expect(isNewer('0.9.9', '0.10.0')).toBe(false);
    expect(isNewer('1.0.0', '1.0.0')).toBe(false);
    expect(isNewer('1.0.0', '1.0.0-rc.1')).toBe(true);
    expect(isNewer('1.0.0-rc.1', '1.0.0')).toBe(false);
    expect(isNewer('1.0.0-rc.2', '1.0.0-rc.1')).toBe(true);
  });
});
