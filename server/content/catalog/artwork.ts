import type { GridSize } from '../../../machines/lib/games';
import { rngFor } from './random';

// Generated artwork shipped with the platform (issue 12: "generated artwork ... no external
// URLs"): an SVG per game tile (its aspect follows the tile's grid size), a vertical variant, a
// wordmark per provider and a banner per content box. Colours and shapes come from the id, so an
// image never changes unless its game does. Markup is fixed apart from the escaped title: no
// script, no external reference, no event attribute. Each image is well under 2 KB.

/** Escapes text for SVG/XML character data and attribute values. */
export function escapeXml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[char] ?? char);
}

/** Background gradient pairs and a text colour that reads on both. */
const PALETTES: readonly (readonly [string, string, string])[] = [
  ['#1d2b64', '#6a3093', '#ffffff'],
  ['#0f2027', '#2c5364', '#f9d423'],
  ['#42275a', '#b24592', '#ffffff'],
  ['#134e5e', '#71b280', '#ffffff'],
  ['#3a1c71', '#d76d77', '#fff5d6'],
  ['#000428', '#004e92', '#7de2fc'],
  ['#5a3f37', '#2c7744', '#f3e9d2'],
  ['#c31432', '#240b36', '#ffd166'],
  ['#0b486b', '#f56217', '#ffffff'],
  ['#1f1c2c', '#928dab', '#ffffff'],
  ['#232526', '#414345', '#ffb703'],
  ['#614385', '#516395', '#ffffff'],
  ['#02aab0', '#00467f', '#ffffff'],
  ['#870000', '#190a05', '#ffd700'],
  ['#2b5876', '#4e4376', '#a8ff78'],
  ['#16222a', '#3a6073', '#ffe8d6'],
];

const TILE_SIZE: Readonly<Record<GridSize, { width: number; height: number }>> = {
  '1x': { width: 300, height: 300 },
  '2xh': { width: 600, height: 300 },
  '2xv': { width: 300, height: 600 },
  '4x': { width: 600, height: 600 },
};
export const VERTICAL_SIZE = { width: 300, height: 450 };

/** Words into at most `maxLines` lines of about `maxChars` characters (the last line takes the rest). */
export function wrapWords(text: string, maxChars: number, maxLines: number): string[] {
  const lines: string[] = [];
  for (const word of text.split(/\s+/).filter((item) => item !== '')) {
    const last = lines[lines.length - 1];
    if (last !== undefined && (last.length + 1 + word.length <= maxChars || lines.length === maxLines)) lines[lines.length - 1] = `${last} ${word}`;
    else lines.push(word);
  }
  return lines;
}

export interface ArtworkSubject {
  id: string;
  name: string;
  providerTitle: string;
  gridSize: GridSize;
}

function shapes(seed: string, width: number, height: number): string {
  const rng = rngFor(`shapes:${seed}`);
  const parts: string[] = [];
  for (let index = 0; index < 4; index += 1) {
    const fill = rng.chance(0.6) ? '#fff' : '#000';
    const opacity = rng.decimal(0.07, 0.22, 2);
    const x = rng.int(0, width);
    const y = rng.int(0, height);
    const size = rng.int(Math.round(width / 8), Math.round(width / 2.5));
    const kind = rng.int(0, 2);
    if (kind === 0) parts.push(`<circle cx="${String(x)}" cy="${String(y)}" r="${String(size)}" fill="${fill}" fill-opacity="${String(opacity)}"/>`);
    else if (kind === 1)
      parts.push(
        `<rect x="${String(x - size / 2)}" y="${String(y - size / 2)}" width="${String(size)}" height="${String(size)}" transform="rotate(${String(rng.int(0, 89))} ${String(x)} ${String(y)})" fill="${fill}" fill-opacity="${String(opacity)}"/>`,
      );
    else parts.push(`<path d="M${String(x)} ${String(y - size)}L${String(x + size)} ${String(y + size)}H${String(x - size)}Z" fill="${fill}" fill-opacity="${String(opacity)}"/>`);
  }
  return parts.join('');
}

/**
 * The title in the middle of the image, within the middle 70 % of its width: a tile crops its
 * image to fill its cell (object-fit: cover), and a phone's tall cells cut up to about a fifth of a
 * square image's width away at the sides.
 */
function titleLines(name: string, width: number, height: number, colour: string): string {
  const wide = width >= 600;
  const maxChars = wide ? 18 : 11;
  const lines = wrapWords(name, maxChars, 3);
  const longest = Math.max(...lines.map((line) => line.length), 1);
  const fontSize = Math.round((wide ? 40 : 26) * Math.min(1, maxChars / longest));
  const lineHeight = Math.round(fontSize * 1.15);
  const top = Math.round(height * 0.62 - ((lines.length - 1) * lineHeight) / 2);
  return lines
    .map(
      (line, index) =>
        `<text x="${String(width / 2)}" y="${String(top + index * lineHeight)}" font-size="${String(fontSize)}" fill="${colour}">${escapeXml(line)}</text>`,
    )
    .join('');
}

/** A game's tile (`variant` 'tile', the aspect of its grid size) or its vertical image (2:3). */
export function gameArtwork(subject: ArtworkSubject, variant: 'tile' | 'vertical'): string {
  const { width, height } = variant === 'tile' ? TILE_SIZE[subject.gridSize] : VERTICAL_SIZE;
  const rng = rngFor(`palette:${subject.id}`);
  const [from, to, ink] = rng.pick(PALETTES);
  const size = `${String(width)} ${String(height)}`;
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${size}" width="${String(width)}" height="${String(height)}" role="img" aria-label="${escapeXml(subject.name)}">`,
    `<defs><linearGradient id="g" x2="1" y2="1"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient></defs>`,
    `<rect width="${String(width)}" height="${String(height)}" fill="url(#g)"/>`,
    shapes(subject.id, width, height),
    `<g font-family="system-ui,Segoe UI,Roboto,sans-serif" font-weight="800" text-anchor="middle">`,
    titleLines(subject.name, width, height, ink),
    `<text x="${String(width / 2)}" y="${String(height - 18)}" font-size="15" font-weight="600" fill="${ink}" fill-opacity=".8">${escapeXml(subject.providerTitle)}</text>`,
    '</g></svg>',
  ].join('');
}

/** A provider's wordmark: its title on its colour. */
export function providerLogo(title: string, colour: string): string {
  const fontSize = Math.min(26, Math.round(300 / Math.max(title.length, 1)));
  return [
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 200 60" width="200" height="60" role="img" aria-label="' + escapeXml(title) + '">',
    `<rect width="200" height="60" rx="10" fill="${escapeXml(colour)}"/>`,
    `<text x="100" y="${String(30 + fontSize / 3)}" font-family="system-ui,Segoe UI,Roboto,sans-serif" font-size="${String(fontSize)}" font-weight="800" fill="#fff" text-anchor="middle" letter-spacing=".5">${escapeXml(title)}</text>`,
    '</svg>',
  ].join('');
}

/** A content or tournament box's banner (the app writes the title over it). */
export function boxBanner(id: string): string {
  const rng = rngFor(`banner:${id}`);
  const [from, to] = rng.pick(PALETTES);
  return [
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 640 240" width="640" height="240" aria-hidden="true">',
    `<defs><linearGradient id="g" x2="1" y2=".4"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient></defs>`,
    '<rect width="640" height="240" fill="url(#g)"/>',
    shapes(id, 640, 240),
    '</svg>',
  ].join('');
}
