// The last step of `npm run build` (issue 10): writes `file.br` (brotli, quality 11) and `file.gz`
// (gzip, level 9) beside every text file of the build, once, so the platform sends them as they are
// (server/http/static.ts picks one by the request's Accept-Encoding) and never compresses a file per
// request. A coding that is not smaller than the file is not written (the server then sends the file).
// `node scripts/precompress.mjs [dir]`; dir is dist/ by default.
import { readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

const brotli = promisify(brotliCompress);
const gz = promisify(gzip);

export const TEXT_EXTENSIONS = ['.js', '.mjs', '.css', '.html', '.svg', '.json', '.xml', '.txt', '.webmanifest', '.map'];
export const CODINGS = [
  { suffix: '.br', encode: (bytes) => brotli(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT, [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length } }) },
  { suffix: '.gz', encode: (bytes) => gz(bytes, { level: 9 }) },
];

async function* textFiles(dir) {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* textFiles(path);
    else if (entry.isFile() && TEXT_EXTENSIONS.some((ext) => entry.name.endsWith(ext))) yield path;
  }
}

/** Compresses every text file under `dir`; returns the totals. */
export async function precompress(dir) {
  const totals = { files: 0, original: 0, br: 0, gz: 0, skipped: 0 };
  const paths = [];
  for await (const path of textFiles(dir)) paths.push(path);
  // Two at a time: brotli 11 is CPU-bound and the machine may have two cores.
  const queue = [...paths];
  const worker = async () => {
    for (let path = queue.shift(); path !== undefined; path = queue.shift()) {
      const bytes = await readFile(path);
      totals.files++;
      totals.original += bytes.length;
      for (const { suffix, encode } of CODINGS) {
        const encoded = await encode(bytes);
        const key = suffix.slice(1);
        if (encoded.length < bytes.length) {
          await writeFile(path + suffix, encoded);
          totals[key] += encoded.length;
        } else {
          // Not smaller (a tiny file): no variant, and none left over from an earlier build.
          await rm(path + suffix, { force: true });
          totals[key] += bytes.length;
          totals.skipped++;
        }
      }
    }
  };
  await Promise.all([worker(), worker()]);
  return totals;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const dir = process.argv[2] ?? 'dist';
  if (!(await stat(dir).catch(() => null))?.isDirectory()) {
    console.error(`precompress: no folder ${dir} (run vite build first)`);
    process.exit(1);
  }
  const started = performance.now();
  const t = await precompress(dir);
  const kb = (n) => `${(n / 1024).toFixed(1)} KiB`;
  console.log(
    `precompress: ${t.files} text files in ${relative(process.cwd(), dir) || '.'}: ${kb(t.original)} -> br ${kb(t.br)}, gzip ${kb(t.gz)} ` +
      `(${t.skipped} codings not smaller, not written) in ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );
}
