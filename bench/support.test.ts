import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { descendantsOf, parseProcStat, readProcesses } from './support.ts';

describe('parseProcStat', () => {
  it('reads the fields after the command name, whatever the name holds', () => {
    // A renderer's name with a space and a ')' in it; utime 1234, stime 56 ticks; starttime 987654.
    const line = '4242 (Chrome_Child) x) S 4200 4200 8473 0 -1 4194560 100 0 0 0 1234 56 0 0 20 0 12 0 987654 3133440 389 18446744073709551615 0 0 0\n';
    expect(parseProcStat(line)).toEqual({ pid: 4242, comm: 'Chrome_Child) x', state: 'S', ppid: 4200, cpuSeconds: 12.9, startTicks: 987654 });
  });

  it('refuses what is not a stat line', () => {
    expect(() => parseProcStat('')).toThrow(/not a \/proc stat line/);
    expect(() => parseProcStat('1 (x) S 0 0')).toThrow(/short/);
  });

  it('reads this process as /proc shows it', () => {
    const me = parseProcStat(fs.readFileSync('/proc/self/stat', 'utf8'));
    expect(me.pid).toBe(process.pid);
    expect(me.ppid).toBe(process.ppid);
    expect(me.cpuSeconds).toBeGreaterThan(0);
  });
});

describe('descendantsOf', () => {
  const p = (pid: number, ppid: number) => ({ pid, ppid });
  it('follows children and their children, and nothing else', () => {
    const all = [p(1, 0), p(10, 1), p(11, 10), p(12, 10), p(13, 12), p(20, 1), p(21, 20)];
    expect(descendantsOf(all, 10).map((x) => x.pid).sort()).toEqual([11, 12, 13]);
    expect(descendantsOf(all, 13)).toEqual([]);
  });

  it('finds a child process this test starts', async () => {
    const { spawn } = await import('node:child_process');
    const child = spawn('sleep', ['5']);
    try {
      await new Promise((r) => child.once('spawn', r));
      const found = descendantsOf(readProcesses(), process.pid).find((x) => x.pid === child.pid);
      expect(found?.cmdline).toEqual(['sleep', '5']);
    } finally {
      child.kill('SIGKILL');
    }
  });
});
