/**
 * Where the bytes of a built file come from: builds nothing itself; reads a build made with
 * source maps (`WXT_SOURCEMAP=1 npx wxt build`) and attributes every generated character of a
 * file to the source module it maps to, then prints the heaviest modules (minified characters).
 *
 * Usage: npx tsx scripts/attribute.ts <file> [...more files]   (paths inside .output/chrome-mv3)
 *        npx tsx scripts/attribute.ts background.js --graph     (the file and the chunks it imports)
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { SourceMapConsumer } from 'source-map';
import { moduleGraph } from './bundle';

const outDir = path.resolve(process.env.OUT_DIR ?? '.output/chrome-mv3');
const args = process.argv.slice(2).filter((arg) => !arg.startsWith('--'));
const graph = process.argv.includes('--graph');
const top = Number(process.env.TOP ?? 30);

/** Source module → generated characters, for one file. */
async function attribute(file: string): Promise<Map<string, number>> {
  const mapFile = path.join(outDir, `${file}.map`);
  if (!existsSync(mapFile)) throw new Error(`${file}.map not found: build with WXT_SOURCEMAP=1`);
  const code = readFileSync(path.join(outDir, file), 'utf8').split('\n');
  const sizes = new Map<string, number>();
  const consumer = await new SourceMapConsumer(JSON.parse(readFileSync(mapFile, 'utf8')));
  const mappings: { line: number; column: number; source: string | null }[] = [];
  consumer.eachMapping((m) =>
    mappings.push({ line: m.generatedLine, column: m.generatedColumn, source: m.source }),
  );
  consumer.destroy();
  mappings.sort((a, b) => a.line - b.line || a.column - b.column);
  for (let i = 0; i < mappings.length; i++) {
    const m = mappings[i]!;
    const next = mappings[i + 1];
    const end = next && next.line === m.line ? next.column : (code[m.line - 1]?.length ?? m.column);
    const key = normalise(m.source ?? '(unmapped)');
    sizes.set(key, (sizes.get(key) ?? 0) + (end - m.column));
  }
  return sizes;
}

/** Group node_modules by package, keep project files whole. */
function normalise(source: string): string {
  const nm = source.lastIndexOf('node_modules/');
  if (nm >= 0) {
    const rest = source.slice(nm + 'node_modules/'.length).split('/');
    const pkg = rest[0]!.startsWith('@') ? `${rest[0]}/${rest[1]}` : rest[0]!;
    // zod is large enough to show by its parts
    if (pkg === 'zod') return `zod/${rest.slice(1).join('/')}`;
    return pkg;
  }
  return source.replace(/^(\.\.\/)+/, '');
}

const files = graph ? args.flatMap((file) => moduleGraph(outDir, file)) : args;
const total = new Map<string, number>();
for (const file of files) {
  for (const [key, size] of await attribute(file)) total.set(key, (total.get(key) ?? 0) + size);
}
const sum = [...total.values()].reduce((a, b) => a + b, 0);
console.log(`${files.join(' + ')}: ${(sum / 1024).toFixed(1)} kB minified, by source`);
for (const [key, size] of [...total].sort((a, b) => b[1] - a[1]).slice(0, top)) {
  console.log(`  ${(size / 1024).toFixed(1).padStart(7)} kB  ${key}`);
}
