/**
 * The line limit the formatter keeps (biome.json's lineWidth) holds for every line, the ones it cannot
 * break too (long strings, comments, SQL and SDL inside templates): `npm run lint` fails naming each
 * line over it. Files the tools write (their first line says "Generated") are left out.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';

const limit = (JSON.parse(readFileSync('biome.json', 'utf8')) as { formatter: { lineWidth: number } }).formatter.lineWidth;
const files = execFileSync('git', ['ls-files', '-co', '--exclude-standard', '*.ts', '*.js'], { encoding: 'utf8' })
  .split('\n')
  .filter((f) => f !== '' && !f.startsWith('src/generated/') && f !== 'clients/typescript/src/api.ts');
const over: string[] = [];
for (const f of files) {
  let text: string;
  try {
    text = readFileSync(f, 'utf8');
  } catch {
    continue; // listed but deleted in the work tree
  }
  if (/^\/\/ Generated/.test(text)) continue;
  text.split('\n').forEach((line, i) => {
    if ([...line].length > limit) over.push(`${f}:${i + 1}: ${[...line].length} characters`);
  });
}
if (over.length > 0) {
  console.error(`${over.length} lines over ${limit} characters (biome.json's lineWidth):\n${over.join('\n')}`);
  process.exit(1);
}
console.log(`line limit: no line over ${limit} characters in ${files.length} files`);
