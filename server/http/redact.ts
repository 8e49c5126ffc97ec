// What the platform's logs may show of an error (issue 9: "error logs print SQL parameters,
// password hashes included"). A database error carries the query's parameters (PGlite: `params`,
// pg: `parameters`/`detail`), and its message or detail may quote a value; a log line gets the
// error's name, SQLSTATE, message and stack only, with passwords, hashes, codes, tokens, e-mail
// addresses and personal ids masked. OWASP Logging Cheat Sheet: never log session ids, access
// tokens, passwords or sensitive personal data.

const PATTERNS: readonly (readonly [RegExp, string])[] = [
  // scrypt$N$r$p$salt$key (server/crypto/passwords.ts) and any other $-separated hash
  [/\bscrypt\$[^\s'",)]+/g, '[hash]'],
  // JWTs (id tokens)
  [/\beyJ[\w-]+\.[\w-]+\.[\w-]*/g, '[token]'],
  // Bearer credentials, password fields quoted in a message
  [/\b(bearer)\s+\S+/gi, '$1 [token]'],
  [/("?(?:password|oldPassword|newPassword|token|code|oneTimeCode|hcaptchaToken|personid|cookie)"?\s*[:=]\s*)("[^"]*"|'[^']*'|[^\s,;)}]+)/gi, '$1[redacted]'],
  // e-mail addresses
  [/[\w.+-]+@[\w-]+(?:\.[\w-]+)+/g, '[email]'],
  // personal identity codes (Finnish 010190-1234, Nordic 12-digit, Brazilian CPF ...)
  [/\b\d{6}[-+A-Z]\d{3}[0-9A-Z]\b/g, '[personid]'],
  [/\b\d{3}\.?\d{3}\.?\d{3}-?\d{2}\b/g, '[personid]'],
  // hex or base64url secrets of 20+ characters (session ids, cookie values, code hashes)
  [/\b[A-Za-z0-9_-]{20,}\b/g, '[secret]'],
  // one-time codes and other digit runs (phones, ids) of 4+ digits
  [/(?<![\w.:/])\+?\d{4,}\b/g, '[number]'],
];

/** The text with credentials and personal data masked. */
export function redactText(text: string): string {
  let result = text;
  for (const [pattern, replacement] of PATTERNS) result = result.replace(pattern, replacement);
  return result;
}

/** An error as a log may show it: name, SQLSTATE, masked message and stack; no parameters, no detail. */
export function redactError(error: unknown): Error {
  if (!(error instanceof Error)) return new Error(redactText(typeof error === 'string' ? error : 'non-Error thrown'));
  const safe = new Error(redactText(error.message));
  safe.name = error.name;
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) Object.assign(safe, { sqlState: code });
  // The stack's first line repeats the (unmasked) message: rebuild it from the masked one.
  const frames = (error.stack ?? '').split('\n').filter((line) => /^\s+at /.test(line));
  safe.stack = [`${safe.name}: ${safe.message}`, ...frames.map(redactText)].join('\n');
  if (error.cause !== undefined) safe.cause = redactError(error.cause);
  return safe;
}
