/** What a component under test leaves running, read from /proc (Linux). */
import { readdirSync, readFileSync } from 'node:fs';

export type ChildProcess = { pid: string; comm: string; cmdline: string };

/**
 * The child processes of this test process now, from every thread's `children` list (a child
 * spawned from a worker thread is listed under that thread). Processes that end while they are
 * read are left out.
 */
export function childProcesses(): ChildProcess[] {
  const pids = readdirSync('/proc/self/task').flatMap((tid) => readFileSync(`/proc/self/task/${tid}/children`, 'utf8').trim().split(/\s+/).filter(Boolean));
  return pids.flatMap((pid) => {
    try {
      return [{ pid, comm: readFileSync(`/proc/${pid}/comm`, 'utf8').trim(), cmdline: readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').join(' ') }];
    } catch {
      return []; // ended meanwhile
    }
  });
}
