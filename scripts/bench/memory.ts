import fs from 'node:fs';

/** Resident memory of a group of processes, in MB. PSS shares pages among the processes that map them. */
export interface MemoryReading {
  label: string;
  processes: number;
  rssMb: number;
  pssMb: number;
}

/** A named set of processes to weigh, found afresh at each reading (PostgreSQL forks and ends backends). */
export interface ProcessGroup {
  label: string;
  pids(): number[];
}

/** Reads every group; a process that ended between listing and reading counts as 0. */
export function readMemory(groups: ProcessGroup[]): MemoryReading[] {
  return groups.map((group) => {
    const pids = group.pids();
    let rssKb = 0;
    let pssKb = 0;
    for (const pid of pids) {
      rssKb += kbField(`/proc/${pid}/status`, 'VmRSS');
      pssKb += kbField(`/proc/${pid}/smaps_rollup`, 'Pss');
    }
    return { label: group.label, processes: pids.length, rssMb: toMb(rssKb), pssMb: toMb(pssKb) };
  });
}

/** The process and all its descendants (Linux /proc). */
export function processTree(root: number): number[] {
  const children = new Map<number, number[]>();
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const ppid = parentOf(Number(entry));
    if (ppid !== undefined) children.set(ppid, [...(children.get(ppid) ?? []), Number(entry)]);
  }
  const tree: number[] = [];
  const pending = [root];
  while (pending.length > 0) {
    const pid = pending.pop() as number;
    if (!isAlive(pid)) continue;
    tree.push(pid);
    pending.push(...(children.get(pid) ?? []));
  }
  return tree;
}

/** The direct children of a process. */
export function childrenOf(parent: number): number[] {
  return processTree(parent)
    .filter((pid) => parentOf(pid) === parent)
    .sort((a, b) => a - b);
}

/** The command line of a process, or '' once it has ended. */
export function commandLine(pid: number): string {
  try {
    return fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').join(' ').trim();
  } catch {
    return '';
  }
}

function parentOf(pid: number): number | undefined {
  try {
    // The command name (field 2) may hold spaces and parentheses: read after its closing one.
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
  } catch {
    return undefined;
  }
}

function isAlive(pid: number): boolean {
  return fs.existsSync(`/proc/${pid}`);
}

function kbField(file: string, field: string): number {
  try {
    const match = new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(fs.readFileSync(file, 'utf8'));
    return match ? Number(match[1]) : 0;
  } catch {
    return 0;
  }
}

function toMb(kb: number): number {
  return Math.round((kb / 1024) * 10) / 10;
}

/** CPU time each group has used so far, in seconds (utime + stime of its processes, /proc/<pid>/stat). */
export function readCpuSeconds(groups: ProcessGroup[]): Map<string, number> {
  return new Map(groups.map((group) => [group.label, group.pids().reduce((total, pid) => total + cpuOf(pid), 0)]));
}

/** Clock ticks per second for /proc/<pid>/stat on Linux (USER_HZ). */
const CLOCK_TICKS = 100;

function cpuOf(pid: number): number {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Fields 14 and 15 (utime, stime) counted from 1; after the command name's ')' field 3 is index 0.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS;
  } catch {
    return 0;
  }
}
