/**
 * The default `view` setting: a view name resolved to a template file under
 * the `views` directories, the engine that renders its extension (loaded by
 * package name on first use and kept in the app's `engines`), and the call of
 * that engine with callbacks always delivered asynchronously (5.x; `View4`
 * passes on an engine's callback as the engine makes it, as Express 4 does).
 *
 * Apps may replace it with `app.set('view', OtherView)`; `app.render` only
 * relies on `new View(name, { defaultEngine, root, engines })`, `view.path`
 * (falsy when not found) and `view.render(options, callback)`.
 */
import { statSync } from 'node:fs'
import { createRequire } from 'node:module'
import { basename, dirname, extname, join, resolve } from 'node:path'

/** A template engine: Express's `(path, options, callback)` convention. */
export type Engine = (path: string, options: object, callback: RenderCallback) => void
export type RenderCallback = (err: Error | null | undefined, html?: string) => void

export interface ViewOptions {
  /** The `view engine` setting: the extension used when the name has none. */
  defaultEngine?: string
  /** The `views` setting: one directory or several searched in order. */
  root: string | string[]
  /** The app's engines by extension (with the leading dot); filled on demand. */
  engines: Record<string, Engine | undefined>
}

function isNotFound(err: unknown, mod: string): boolean {
  const e = err as { code?: unknown; message?: unknown } | null
  // Only "this very package is missing": a missing dependency *of* the engine
  // is a real error and must surface as is.
  return Boolean(e && e.code === 'MODULE_NOT_FOUND' && typeof e.message === 'string' && e.message.startsWith(`Cannot find module '${mod}'`))
}

/**
 * Loads an engine package by name, asking first from the `views`
 * directories: the templates are the app's, and so is the engine that
 * renders them. In an ordinary install that finds the very copy `require`
 * from webfw would (the app's node_modules holds both); where webfw lives
 * elsewhere (npm link, a workspace, a global install, a checkout with its
 * own dev packages) it is the copy the app installed, not a different
 * version beside webfw. Then webfw's own place (NODE_PATH and the
 * node_modules above it, where Express looks), the app's entry module and
 * the working directory.
 */
function requireEngine(mod: string, roots: string | string[]): unknown {
  const viewBases: string[] = []
  for (const root of Array.isArray(roots) ? roots : [roots]) {
    if (typeof root === 'string') viewBases.push(join(resolve(root), 'noop.js'))
  }
  const fromViews = requireFirst(mod, viewBases)
  if (fromViews !== missing) return fromViews
  try {
    return require(mod)
  } catch (err) {
    if (!isNotFound(err, mod)) throw err
    const appBases: string[] = []
    if (require.main?.filename) appBases.push(require.main.filename)
    appBases.push(join(process.cwd(), 'noop.js'))
    const fromApp = requireFirst(mod, appBases)
    if (fromApp !== missing) return fromApp
    throw err
  }
}

const missing = Symbol('missing')

/** `mod` as required from the first of `bases` that finds it, else `missing`. */
function requireFirst(mod: string, bases: string[]): unknown {
  for (const base of bases) {
    try {
      return createRequire(base)(mod)
    } catch (err) {
      if (!isNotFound(err, mod)) throw err
    }
  }
  return missing
}

function isFile(path: string): boolean {
  try {
    return statSync(path, { throwIfNoEntry: false })?.isFile() === true
  } catch {
    // ENOTDIR, EACCES, ...: not a template we can use.
    return false
  }
}

/** One template, found on disk (what `new View(name, options)` makes). */
export interface View {
  defaultEngine: string | undefined
  ext: string
  name: string
  root: string | string[]
  engine: Engine
  path: string | undefined
  /** The first `views` directory holding `name` (or `name/index.<ext>`). */
  lookup(name: string): string | undefined
  render(options: object, callback: RenderCallback): void
  /** `dir/file`, else `dir/<file without ext>/index<ext>`, when it is a file. */
  resolve(dir: string, file: string): string | undefined
}

/**
 * A view class: a function constructor, as Express's `View` is, so that
 * code written for Express can derive from it the ES5 way
 * (`View.call(this, name, options)`, `Object.create(View.prototype)`) as
 * well as with `class extends`.
 */
export interface ViewConstructor {
  new (name: string, options: ViewOptions): View
  (this: View, name: string, options: ViewOptions): void
  prototype: View
}

/** What the constructor does: the engine for the extension, then the file. */
function initView(view: View, name: string, options: ViewOptions): void {
  const opts = options || ({} as ViewOptions)
  view.defaultEngine = opts.defaultEngine
  view.ext = extname(name)
  view.name = name
  view.root = opts.root

  if (!view.ext && !view.defaultEngine) {
    throw new Error('No default engine was specified and no extension was provided.')
  }

  let fileName = name
  if (!view.ext) {
    const engine = view.defaultEngine as string
    view.ext = engine[0] === '.' ? engine : '.' + engine
    fileName += view.ext
  }

  let engine = opts.engines[view.ext]
  if (!engine) {
    const mod = view.ext.slice(1)
    const fn = (requireEngine(mod, view.root) as { __express?: unknown } | null)?.__express
    if (typeof fn !== 'function') throw new Error('Module "' + mod + '" does not provide a view engine.')
    engine = fn as Engine
    opts.engines[view.ext] = engine
  }
  view.engine = engine
  view.path = view.lookup(fileName)
}

/**
 * The 5.x `view` setting.
 *
 * @example
 * const view = new View('users/list', { defaultEngine: 'ejs', root: app.get('views'), engines: app.engines })
 * if (view.path) view.render({ users }, (err, html) => { ... })
 */
export const View = function View(this: View, name: string, options: ViewOptions): void {
  initView(this, name, options)
} as ViewConstructor

/** The first `views` directory holding `name` (or `name/index.<ext>`). */
function lookup(this: View, name: string): string | undefined {
  const roots = Array.isArray(this.root) ? this.root : [this.root]
  for (const root of roots) {
    const loc = resolve(root, name)
    const found = this.resolve(dirname(loc), basename(loc))
    if (found) return found
  }
  return undefined
}

/** `dir/file`, else `dir/<file without ext>/index<ext>`, when it is a file. */
function resolveView(this: View, dir: string, file: string): string | undefined {
  const direct = join(dir, file)
  if (isFile(direct)) return direct
  const index = join(dir, basename(file, this.ext), 'index' + this.ext)
  if (isFile(index)) return index
  return undefined
}

View.prototype.lookup = lookup
/** Renders with the engine; the callback never runs in the caller's tick. */
View.prototype.render = function render(this: View, options: object, callback: RenderCallback): void {
  let sync = true
  this.engine(this.path as string, options, function onRender(this: unknown, ...args: Parameters<RenderCallback>) {
    // Engines that answer synchronously would otherwise make res.render
    // send before the handler that called it has returned.
    if (!sync) return callback.apply(this, args)
    const self = this
    process.nextTick(() => callback.apply(self, args))
  })
  sync = false
}
View.prototype.resolve = resolveView

/**
 * The 4.x `view` setting (`express/lib/view` of Express 4): as `View`, but
 * the engine's callback is called when the engine calls it — at once for a
 * synchronous engine, as in Express 4, whose apps may read the result of
 * `app.render` right after the call. Its prototype has its own three
 * methods, as Express 4's has: patching it leaves 5.x views alone.
 */
export const View4 = function View(this: View, name: string, options: ViewOptions): void {
  initView(this, name, options)
} as ViewConstructor

View4.prototype.lookup = lookup
View4.prototype.render = function render(this: View, options: object, callback: RenderCallback): void {
  this.engine(this.path as string, options, callback)
}
View4.prototype.resolve = resolveView
