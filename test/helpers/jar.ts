/**
 * A minimal cookie jar for tests that follow a session across requests: it
 * keeps the name=value part of each Set-Cookie and sends them back.
 */
import type http from 'node:http'

export class Jar {
  private readonly cookies = new Map<string, string>()

  /** Takes the cookies a response set (an expired one is dropped). */
  take(headers: http.IncomingHttpHeaders): void {
    for (const line of headers['set-cookie'] ?? []) {
      const pair = line.split(';', 1)[0]
      const eq = pair.indexOf('=')
      const name = pair.slice(0, eq).trim()
      if (/;\s*expires=Thu, 01 Jan 1970/i.test(line)) this.cookies.delete(name)
      else this.cookies.set(name, pair.slice(eq + 1))
    }
  }

  has(name: string): boolean {
    return this.cookies.has(name)
  }

  /** The Cookie request header, or no header when the jar is empty. */
  header(): Record<string, string> {
    if (this.cookies.size === 0) return {}
    return { cookie: [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ') }
  }
}

/** The Set-Cookie line for `name`, if the response set one. */
export function setCookie(headers: http.IncomingHttpHeaders, name: string): string | undefined {
  return headers['set-cookie']?.find((line) => line.startsWith(`${name}=`))
}
