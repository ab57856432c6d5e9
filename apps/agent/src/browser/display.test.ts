import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { acquireDisplay } from './display.js';

describe('acquireDisplay', () => {
  it('uses the desktop display when there is one and starts nothing', async () => {
    const display = await acquireDisplay({ display: ':7' });
    expect(display).toMatchObject({ name: ':7', kind: 'desktop' });
    await display.release();
  });

  it('starts one Xvfb for every holder on a server without a display and stops it after the last', async () => {
    const first = await acquireDisplay({ display: undefined });
    const second = await acquireDisplay({ display: undefined });
    expect(first.kind).toBe('virtual');
    expect(second.name).toBe(first.name);
    const probe = () =>
      execFileSync('/usr/bin/xdpyinfo', ['-display', first.name], { stdio: 'pipe' }).toString();
    expect(probe()).toContain('screen #0');
    await first.release();
    expect(probe()).toContain('screen #0');
    await second.release();
    expect(probe).toThrow();
  });
});
