import fs from 'node:fs';

/**
 * `node dist/scripts/bench/heap-profile-summary.js <file.heapprofile> [top]`: the live bytes of a
 * sampling heap profile (scripts/bench/heap-sampling-preload.ts) summed by allocation site: the
 * innermost frame of this repository's code (dist/apps, dist/libs) and the innermost frame of
 * any code, each with its share of the total.
 */
interface ProfileNode {
  callFrame: { functionName: string; url: string; lineNumber: number };
  selfSize: number;
  children: ProfileNode[];
}

function frameName({ functionName, url, lineNumber }: ProfileNode['callFrame']): string {
  const file = url.replace(/^.*?\/(node_modules|dist)\//, '$1/').replace(/^file:\/\//, '');
  return `${functionName || '(anonymous)'} ${file || '(native)'}:${lineNumber + 1}`;
}

function summarise(root: ProfileNode): { total: number; byFrame: Map<string, number>; byOwnCode: Map<string, number> } {
  const byFrame = new Map<string, number>();
  const byOwnCode = new Map<string, number>();
  let total = 0;
  const walk = (node: ProfileNode, ownCode: string | undefined) => {
    const name = frameName(node.callFrame);
    const own = /\/dist\/(apps|libs)\//.test(node.callFrame.url) ? name : ownCode;
    if (node.selfSize > 0) {
      total += node.selfSize;
      byFrame.set(name, (byFrame.get(name) ?? 0) + node.selfSize);
      const key = own ?? '(no frame of this repository)';
      byOwnCode.set(key, (byOwnCode.get(key) ?? 0) + node.selfSize);
    }
    for (const child of node.children) walk(child, own);
  };
  walk(root, undefined);
  return { total, byFrame, byOwnCode };
}

function print(title: string, sizes: Map<string, number>, total: number, top: number): void {
  process.stdout.write(`\n${title}\n`);
  for (const [name, bytes] of [...sizes.entries()].sort(([, a], [, b]) => b - a).slice(0, top))
    process.stdout.write(
      `${(bytes / 1024 / 1024).toFixed(1).padStart(8)} MiB ${((bytes * 100) / total).toFixed(1).padStart(5)} %  ${name}\n`,
    );
}

const [file, top = '25'] = process.argv.slice(2);
if (!file) throw new Error('usage: heap-profile-summary <file.heapprofile> [top]');
const profile = JSON.parse(fs.readFileSync(file, 'utf8')) as { head: ProfileNode };
const { total, byFrame, byOwnCode } = summarise(profile.head);
process.stdout.write(`live (sampled): ${(total / 1024 / 1024).toFixed(1)} MiB\n`);
print('by the innermost frame of this repository', byOwnCode, total, Number(top));
print('by the innermost frame', byFrame, total, Number(top));
