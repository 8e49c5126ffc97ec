import { open, readFile, rm } from 'node:fs/promises';
import { inflateSync } from 'node:zlib';
import { fileTypeFromFile } from 'file-type';
import sharp from 'sharp';
import { DOCUMENT_MAX_BYTES, DOCUMENT_MEDIA_TYPES, type DocumentMediaType } from '../../machines/lib/kyc';
import { ERROR_CODES, HttpError } from '../http/errors';

// The checks an uploaded file passes before it is stored (issue 23 "Upload is a multipart POST
// checked on the platform ... Use well-kept libraries, not hand-written parsers"):
//
// - the kind comes from the bytes (file-type), never from the name or the declared type: only
//   JPEG, PNG, WebP and PDF pass (415 error.document.type_unsupported otherwise);
// - every image is decoded and encoded again with sharp, from the temporary file to another: the
//   new file has no metadata (EXIF and its GPS position, XMP, IPTC, ICC comments) and nothing of
//   the original's bytes, so a polyglot (an image that is also a script or an archive) is only an
//   image afterwards; a file that does not decode is 422 error.document.unsafe;
// - a PDF passes only without scripts, actions run on opening or by events, launch actions, forms
//   that submit or import, embedded files, rich media, XFA or encryption (which would hide the
//   rest): its names are read with their #xx escapes undone, in the file and inside each
//   Flate-compressed stream (object streams hide objects there); a stream in another filter than
//   the image codecs, or that does not inflate, is refused too (422 error.document.unsafe).
//
// Memory: the file is on disk; an image is re-encoded file to file by sharp (libvips streams it);
// a PDF is read once (at most DOCUMENT_MAX_BYTES) and scanned in windows.

// libvips' operation cache keeps decoded images for reuse; the platform decodes each upload once,
// so the cache only holds memory (8 uploads at once would keep their pixels). Off.
sharp.cache(false);

/** Images larger than this many pixels are refused before decoding (a decompression bomb). */
export const DOCUMENT_MAX_PIXELS = 50_000_000;

/** Bytes a PDF's streams may inflate to, all together (a zip bomb is refused, not inflated). */
const PDF_INFLATE_BUDGET_BYTES = 64 * 1024 * 1024;

/** Names of a PDF that run something, act on their own or carry other files. */
const PDF_FORBIDDEN_NAME =
  /\/(?:JS|JavaScript|Launch|EmbeddedFile|EmbeddedFiles|RichMedia|XFA|AA|SubmitForm|ImportData|GoToE|GoToR|Encrypt|Sound|Movie|Rendition)(?![A-Za-z0-9_.-])/;
/** /OpenAction is allowed only as a destination (open at a page), not as an action dictionary. */
const PDF_OPEN_ACTION_ACTION = /\/OpenAction\s*<</;

/** The filters a stream of a safe PDF may use besides Flate (images keep their codecs). */
const IMAGE_FILTERS = new Set(['DCTDecode', 'JPXDecode', 'CCITTFaxDecode', 'JBIG2Decode', 'DCT', 'CCF']);

const unsafe = (message: string) => new HttpError(422, ERROR_CODES.documentUnsafe, message);

/** The file's kind from its bytes, if it is one the platform takes. */
export async function sniffDocument(path: string): Promise<DocumentMediaType> {
  const found = await fileTypeFromFile(path);
  const mime = found?.mime;
  if (mime === undefined || !(DOCUMENT_MEDIA_TYPES as readonly string[]).includes(mime)) {
    throw new HttpError(415, ERROR_CODES.documentTypeUnsupported, 'Only JPEG, PNG, WebP and PDF files can be sent.');
  }
  return mime as DocumentMediaType;
}

/**
 * Decodes the image at `from` and writes it again at `to` in the same format, upright (its EXIF
 * orientation applied) and without any metadata. Answers the new file's size.
 */
export async function reencodeImage(from: string, to: string, type: Exclude<DocumentMediaType, 'application/pdf'>): Promise<number> {
  try {
    // failOn 'error': a truncated or corrupt image is refused rather than half-decoded.
    const image = sharp(from, { limitInputPixels: DOCUMENT_MAX_PIXELS, failOn: 'error', sequentialRead: true }).rotate();
    const encoded =
      type === 'image/png' ? image.png({ compressionLevel: 6 }) : type === 'image/webp' ? image.webp({ quality: 90 }) : image.jpeg({ quality: 90, mozjpeg: false });
    const info = await encoded.toFile(to);
    return info.size;
  } catch {
    await rm(to, { force: true });
    throw unsafe('The image could not be read.');
  }
}

/** Undoes a PDF name's #xx escapes (`/J#61vaScript` is `/JavaScript`). */
function unescapeNames(text: string): string {
  return text.replace(/#([0-9A-Fa-f]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

/** Whether a piece of PDF text (latin1) names something forbidden. */
function forbiddenIn(text: string): boolean {
  const plain = unescapeNames(text);
  return PDF_FORBIDDEN_NAME.test(plain) || PDF_OPEN_ACTION_ACTION.test(plain);
}

const WINDOW = 1024 * 1024;
const OVERLAP = 256;

/** Scans `bytes` in overlapping windows (a name across two windows is seen whole in one). */
function scanForbidden(bytes: Buffer): boolean {
  for (let start = 0; start < bytes.length; start += WINDOW) {
    const end = Math.min(bytes.length, start + WINDOW + OVERLAP);
    if (forbiddenIn(bytes.toString('latin1', start, end))) return true;
  }
  return false;
}

const STREAM = Buffer.from('stream');
const END_STREAM = Buffer.from('endstream');

/** The filters a stream's dictionary (the text before `stream`) names, in order. */
function filtersOf(dictionary: string): string[] {
  const plain = unescapeNames(dictionary);
  const match = /\/Filter\s*(\[[^\]]*\]|\/[A-Za-z0-9]+)/.exec(plain);
  if (!match?.[1]) return [];
  return [...match[1].matchAll(/\/([A-Za-z0-9]+)/g)].map((name) => name[1] ?? '');
}

/** Throws 422 unless the PDF at `path` is free of scripts, actions and embedded files. */
export async function checkPdf(path: string): Promise<void> {
  const handle = await open(path, 'r');
  let size: number;
  try {
    size = (await handle.stat()).size;
  } finally {
    await handle.close();
  }
  if (size > DOCUMENT_MAX_BYTES) throw unsafe('The PDF is too large to check.');
  const bytes = await readFile(path);
  if (scanForbidden(bytes)) throw unsafe('The PDF contains scripts, actions or embedded files.');
  let budget = PDF_INFLATE_BUDGET_BYTES;
  let at = 0;
  for (;;) {
    const keyword = bytes.indexOf(STREAM, at);
    if (keyword < 0) break;
    // `endstream` contains `stream`: skip it; a keyword must follow the dictionary's `>>`.
    const before = bytes.toString('latin1', Math.max(0, keyword - 3), keyword);
    if (before === 'end' || !/>>\s*$/.test(bytes.toString('latin1', Math.max(0, keyword - 8), keyword))) {
      at = keyword + STREAM.length;
      continue;
    }
    let dataStart = keyword + STREAM.length;
    if (bytes[dataStart] === 0x0d) dataStart += 1;
    if (bytes[dataStart] === 0x0a) dataStart += 1;
    const end = bytes.indexOf(END_STREAM, dataStart);
    if (end < 0) throw unsafe('The PDF is damaged.');
    const dictionaryStart = bytes.lastIndexOf('<<', keyword);
    const dictionary = bytes.toString('latin1', Math.max(0, dictionaryStart, keyword - 4096), keyword);
    const filters = filtersOf(dictionary);
    if (filters.length > 0) {
      const [first, ...rest] = filters;
      if (first === 'FlateDecode' || first === 'Fl') {
        let inflated: Buffer;
        try {
          inflated = inflateSync(bytes.subarray(dataStart, end), { maxOutputLength: Math.max(1, budget) });
        } catch {
          throw unsafe('The PDF has a stream that cannot be checked.');
        }
        budget -= inflated.length;
        if (budget <= 0) throw unsafe('The PDF inflates too much to be checked.');
        // Flate alone is scanned as PDF text; Flate over an image codec is an image's bytes.
        const refused = rest.length === 0 ? scanForbidden(inflated) : !rest.every((filter) => IMAGE_FILTERS.has(filter));
        if (refused) {
          throw unsafe('The PDF contains scripts, actions or embedded files.');
        }
      } else if (!filters.every((filter) => IMAGE_FILTERS.has(filter))) {
        throw unsafe('The PDF has a stream that cannot be checked.');
      }
    }
    at = end + END_STREAM.length;
  }
}
