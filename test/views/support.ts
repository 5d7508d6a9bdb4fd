/**
 * Shared bits of the view tests: where the template fixtures live, a
 * promise form of app.render, and throwaway directories for templates that
 * tests change on disk.
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import type { Any } from '../helpers/webfw'

/** test/views/fixtures in the source tree (tsc does not copy templates). */
export const fixtures = resolve(__dirname, '..', '..', 'test', 'views', 'fixtures')

export function fixture(...parts: string[]): string {
  return join(fixtures, ...parts)
}

export interface Rendered {
  err: Error | null | undefined
  html: string | undefined
}

/** app.render as a promise that never rejects: tests look at both results. */
export function render(app: Any, name: string, locals?: unknown): Promise<Rendered> {
  return new Promise((done) => {
    const cb = (err: Error | null | undefined, html?: string) => done({ err, html })
    if (locals === undefined) app.render(name, cb)
    else app.render(name, locals, cb)
  })
}

/** A fresh temporary directory, removed by the returned function. */
export function tempDir(prefix = 'webfw-views-'): { dir: string; remove(): void } {
  const dir = mkdtempSync(join(tmpdir(), prefix))
  return { dir, remove: () => rmSync(dir, { recursive: true, force: true }) }
}
