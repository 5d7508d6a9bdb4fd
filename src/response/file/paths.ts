/**
 * Where a request may read: turning a URL path (static) or an application's
 * path (sendFile) into a file path that can never leave its root.
 *
 * The rules, in order:
 * - the URL path is percent-decoded exactly once (so `%2e%2e` is `..`, and a
 *   double-encoded `%252e%252e` is the literal name `%2e%2e`); a malformed
 *   escape or a NUL byte is a 400;
 * - the path is normalised as relative to the root, so a leading `/` or an
 *   absolute path lands inside the root; any `..` segment still left after
 *   normalisation — with `/` or `\` as separator — is a 403;
 * - the joined path must equal the root or start with the root plus a
 *   separator, so `/root-secret` is not inside `/root`;
 * - after the file is found its real path (symbolic links resolved) must be
 *   inside the real path of the root, otherwise the file does not exist for
 *   the request (404) — see `RealRoot`.
 */
import fs from 'node:fs'
import path from 'node:path'
import { fileError, type FileError } from './errors'
import { decodeOrNull } from '../../util/percent-decode'

/** A `..` segment, with either separator (a backslash is one on Windows and a trap elsewhere). */
const UP_SEGMENT = /(?:^|[\\/])\.\.(?:[\\/]|$)/

export interface FileTarget {
  /** Absolute, normalised path of the file or directory asked for. */
  path: string
  /** The path's segments that dotfile rules look at. */
  parts: string[]
  /** The root the file must stay inside (real paths compared), when there is one. */
  root: RealRoot | undefined
  /** The request named a directory ("/dir/"). */
  trailingSlash: boolean
}

function inside(child: string, root: string): boolean {
  if (child === root) return true
  const prefix = root.endsWith(path.sep) ? root : root + path.sep
  return child.startsWith(prefix)
}

/** `relative` (already decoded) under `root`, or the error refusing it. */
function underRoot(relative: string, root: RealRoot, trailingSlash: boolean): FileTarget | FileError {
  if (relative.includes('\0')) return fileError(400)
  const normal = relative ? path.normalize('.' + path.sep + relative) : ''
  if (UP_SEGMENT.test(normal)) return fileError(403)
  const joined = path.join(root.root, normal)
  if (!inside(joined, root.root)) return fileError(403)
  return { path: joined, parts: normal ? normal.split(path.sep) : [], root, trailingSlash }
}

/**
 * The target of a static-file request: `pathname` is the raw (still
 * percent-encoded) URL path below the mount point, `root` the absolute root.
 *
 * @example
 * const www = new RealRoot('/srv/www')
 * urlTarget('/docs/%2e%2e/index.html', www).path // '/srv/www/index.html'
 * urlTarget('/../etc/passwd', www)               // 403 error
 */
export function urlTarget(pathname: string, root: RealRoot): FileTarget | FileError {
  const decoded = decodeOrNull(pathname)
  if (decoded === null) return fileError(400)
  return underRoot(decoded, root, pathname.endsWith('/'))
}

/**
 * The target of `res.sendFile(file, { root })`: `file` is a path, not a URL,
 * relative to `root` when one is given and absolute otherwise.
 *
 * @example
 * fileTarget('fake/../name.txt', '/srv/files').path // '/srv/files/name.txt'
 * fileTarget('../secret', '/srv/files')             // 403 error
 */
export function fileTarget(file: string, root: string | undefined): FileTarget | FileError {
  const trailingSlash = file.endsWith('/') || file.endsWith(path.sep)
  if (root !== undefined) return underRoot(file, realRootOf(path.resolve(root)), trailingSlash)
  if (file.includes('\0')) return fileError(400)
  // Without a root nothing bounds the path, so `..` is refused outright.
  if (UP_SEGMENT.test(file)) return fileError(403)
  return { path: path.resolve(file), parts: path.normalize(file).split(path.sep), root: undefined, trailingSlash }
}

/** Whether `parts` name a dotfile under the given rule. */
export function hasDotfile(parts: string[], onlyLast: boolean): boolean {
  const isDot = (part: string | undefined) => part !== undefined && part.length > 1 && part.charCodeAt(0) === 0x2e
  if (onlyLast) return isDot(parts[parts.length - 1])
  for (const part of parts) if (isDot(part)) return true
  return false
}

/**
 * The real path of a root, looked up once and kept; looked up again when a
 * file seems to lie outside it, in case the root itself was re-pointed.
 */
export class RealRoot {
  private real: string | undefined

  constructor(readonly root: string) {}

  /**
   * Resolves `file` to its real path and calls `done` with it when it lies
   * inside the real root; with `real` undefined when it lies outside; with
   * the system error when it cannot be resolved (ENOENT, ...).
   */
  resolve(file: string, done: (err: NodeJS.ErrnoException | null, real?: string) => void): void {
    fs.realpath.native(file, (err, real) => {
      if (err) {
        done(err)
        return
      }
      if (this.real !== undefined && inside(real, this.real)) {
        done(null, real)
        return
      }
      fs.realpath.native(this.root, (rootErr, rootReal) => {
        if (rootErr) {
          done(rootErr)
          return
        }
        this.real = rootReal
        done(null, inside(real, rootReal) ? real : undefined)
      })
    })
  }

  /** `real` (a path `resolve` accepted) relative to the real root, as segments. */
  relativeParts(real: string): string[] {
    const rel = path.relative(this.real ?? this.root, real)
    return rel ? rel.split(path.sep) : []
  }
}

const realRoots = new Map<string, RealRoot>()
const MAX_ROOTS = 64

/** The shared RealRoot of an absolute root (sendFile roots vary per call). */
export function realRootOf(root: string): RealRoot {
  let entry = realRoots.get(root)
  if (entry === undefined) {
    entry = new RealRoot(root)
    if (realRoots.size >= MAX_ROOTS) realRoots.clear()
    realRoots.set(root, entry)
  }
  return entry
}
