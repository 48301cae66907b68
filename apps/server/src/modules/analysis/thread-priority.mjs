/**
 * CPU priority of the analysis threads (issue 15: the API's p99 while a lesson is analysed). On
 * Linux every thread has its own nice value, set with setpriority on the thread's id; the scheduler
 * then gives the cores to the API's event loop (nice 0) first and the analysis what is left, so a
 * busy machine answers people at once and analyses a little later (bench/lesson.ts measures both).
 * Elsewhere nothing changes.
 *
 * Plain JavaScript, so that a worker thread lowers itself before it loads anything (tsx's loader
 * included): threads and processes it starts afterwards (onnxruntime's, ffmpeg) inherit the value.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/**
 * Lowers the calling thread to `nice` (0 normal … 19 lowest); never raises it (an unprivileged
 * process may not, and a lower priority the operator set stays). Returns the thread's nice value
 * now, or null when it could not be read or set.
 * @param {number} nice
 * @returns {number | null}
 */
export function lowerThisThread(nice) {
  const target = Math.min(19, Math.max(0, Math.round(Number(nice) || 0)));
  if (target === 0 || process.platform !== 'linux') return null;
  try {
    // /proc/thread-self links to /proc/<pid>/task/<tid>, read on the calling thread (sync fs).
    const tid = Number(path.basename(fs.readlinkSync('/proc/thread-self')));
    if (os.getPriority(tid) < target) os.setPriority(tid, target);
    return os.getPriority(tid);
  } catch {
    return null;
  }
}
