// The "blackbox" sent with the code check and the login (behaviour.md §7 "Pay and play": metadata
// blackbox, ipAddress, country) for the platform's fraud checks. It is a fingerprint of the device,
// not an identifier of the person: a hash of what every page can read (browser, languages, screen,
// time zone, cores, touch points). It is sent, never stored. Format: "fp1:" + hex digest (SHA-256
// where the page is a secure context, else 32-bit FNV-1a).

function deviceTraits(): string {
  const { userAgent, language, languages, hardwareConcurrency, maxTouchPoints } = navigator;
  return [
    userAgent,
    language,
    languages.join(','),
    String(hardwareConcurrency),
    String(maxTouchPoints),
    `${String(screen.width)}x${String(screen.height)}x${String(screen.colorDepth)}`,
    Intl.DateTimeFormat().resolvedOptions().timeZone,
    String(new Date().getTimezoneOffset()),
  ].join('|');
}

function fnv1a(text: string): string {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash.toString(16).padStart(8, '0');
}

async function sha256(text: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text));
  return [...new Uint8Array(digest)].map((byte) => byte.toString(16).padStart(2, '0')).join('');
}

export async function deviceFingerprint(): Promise<string> {
  const traits = deviceTraits();
  // crypto.subtle exists only in secure contexts (https, localhost).
  if (typeof crypto !== 'undefined' && 'subtle' in crypto) {
    try {
      return `fp1:${await sha256(traits)}`;
    } catch {
      // fall through to the plain hash
    }
  }
  return `fp1:${fnv1a(traits)}`;
}
