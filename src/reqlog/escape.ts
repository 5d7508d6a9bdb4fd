/**
 * Escaping of token values for line-oriented logs.
 *
 * A value taken from the request (URL, header, user name) must not be able to
 * end the log line early, start a forged one, or fake a quoted field. So C0
 * controls, DEL, C1 controls, U+2028/U+2029, the double quote and the
 * backslash are written as JSON-style escapes (`\n`, `\"`, `\\`, `\u001b`, ...),
 * which keeps the escaping reversible and matches morgan 1.12's output.
 */

// eslint-disable-next-line no-control-regex
const UNSAFE = /[\u0000-\u001f\u007f-\u009f\u2028\u2029"\\]/
// eslint-disable-next-line no-control-regex
const UNSAFE_ALL = /[\u0000-\u001f\u007f-\u009f\u2028\u2029"\\]/g

function escapeChar(ch: string): string {
  switch (ch) {
    case '\\': return '\\\\'
    case '"': return '\\"'
    case '\b': return '\\b'
    case '\f': return '\\f'
    case '\n': return '\\n'
    case '\r': return '\\r'
    case '\t': return '\\t'
    default: return '\\u' + ch.charCodeAt(0).toString(16).padStart(4, '0')
  }
}

/**
 * Returns `value` with every character that could break a log line escaped.
 * Clean values (the usual case) are returned as they are, after one scan.
 *
 * @example
 * escapeLogValue('curl/8\r\n127.0.0.1 - admin') // 'curl/8\\r\\n127.0.0.1 - admin'
 */
export function escapeLogValue(value: string): string {
  return hasUnsafe(value) ? value.replace(UNSAFE_ALL, escapeChar) : value
}

/**
 * Longest value checked character by character; longer ones go to the
 * regular expression, whose call costs as much as a loop over a few
 * characters (a method, a status, a length).
 */
const LOOP_MAX = 8

/** Whether `value` holds a character that `escapeLogValue` escapes. */
function hasUnsafe(value: string): boolean {
  const length = value.length
  if (length > LOOP_MAX) return UNSAFE.test(value)
  for (let i = 0; i < length; i++) {
    const code = value.charCodeAt(i)
    if (code < 0x20 || code === 0x22 || code === 0x5c) return true
    if (code >= 0x7f && (code <= 0x9f || code === 0x2028 || code === 0x2029)) return true
  }
  return false
}

/**
 * morgan's rule for a token value, as written in the line: "-" for any falsy
 * value, strings as they are or escaped (`escapeStrings`), numbers as their
 * text (digits, ".", "e", "+", "-", "Infinity": nothing to escape), anything
 * else as its text, escaped.
 */
export function tokenText(raw: unknown, escapeStrings: boolean): string {
  if (!raw) return '-'
  if (typeof raw === 'string') return escapeStrings ? escapeLogValue(raw) : raw
  // '' + n rather than String(n): the optimiser turns it into a number-to-text
  // conversion, where String(n) stayed a call of the String builtin
  if (typeof raw === 'number') return '' + raw
  return escapeLogValue(String(raw))
}
