// `node scripts/regulator-badges.mjs`: renders the seed's regulator badges (public/regulators/*.svg,
// the editable sources) to PNG at twice their 120 x 40 size (public/regulators/*.png, what the seed
// content links). The footer of every page shows one or two of them: a browser lays out and paints an
// SVG image as a document of its own, and these badges' <text> cost its main thread 40-80 ms on a
// mobile-class CPU (Lighthouse traces of /en-UN, issue 22), where a small PNG decodes off the main
// thread. Run it after changing a badge's SVG and commit both files.
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';

const DIR = 'public/regulators';
/** 2x the badges' CSS size (32 px high in the footer, 40 in their own viewBox), for sharp screens. */
const DENSITY = 144;

for (const file of readdirSync(DIR).filter((name) => name.endsWith('.svg')).sort()) {
  const target = join(DIR, file.replace(/\.svg$/, '.png'));
  const info = await sharp(join(DIR, file), { density: DENSITY }).png({ compressionLevel: 9, palette: true }).toFile(target);
  console.log(`${target}: ${String(info.width)} x ${String(info.height)}, ${String(info.size)} bytes`);
}
