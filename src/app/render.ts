/**
 * Rendering a view for an app (`app.render`, and `res.render` through it):
 * the locals merged in Express's order, the `cache` local / `view cache`
 * setting deciding whether the resolved view is reused, and every failure —
 * unknown engine, missing template, an engine that throws — delivered to the
 * callback exactly once instead of escaping to the caller.
 */
import type { RenderCallback, ViewOptions } from './view'
import type { AppInternal } from './types'

/** What `app.render` needs of the `view` setting's instances. */
interface ViewInstance {
  path?: unknown
  root?: unknown
  render(options: object, callback: RenderCallback): void
}
type ViewClass = new (name: string, options: ViewOptions) => ViewInstance

type Locals = Record<string, unknown>

/** "directory "a"" or "directories "a", "b" or "c"", as Express words it. */
function describeRoots(root: unknown): string {
  if (Array.isArray(root) && root.length > 1) {
    return 'directories "' + root.slice(0, -1).join('", "') + '" or "' + root[root.length - 1] + '"'
  }
  return 'directory "' + String(root) + '"'
}

function lookupError(name: string, view: ViewInstance): Error {
  const err = new Error('Failed to lookup view "' + name + '" in views ' + describeRoots(view.root))
  // Express exposes the view on the error; keep it reachable but out of
  // enumeration, so loggers and serializers do not dump the engine and paths.
  Object.defineProperty(err, 'view', { configurable: true, writable: true, value: view })
  return err
}

/** Calls `view.render`, turning a synchronous throw into the callback's error. */
function tryRender(view: ViewInstance, options: object, callback: RenderCallback): void {
  let settled = false
  const once: RenderCallback = function (this: unknown, err, html) {
    // An engine that both throws and calls back (or calls back twice) must
    // not make res.render respond twice.
    if (settled) return
    settled = true
    callback.call(this, err, html)
  }
  try {
    view.render(options, once)
  } catch (err) {
    // Thrown by the callback itself (a View calling back synchronously):
    // that is the caller's own error, not the render's.
    if (settled) throw err
    once(err as Error)
  }
}

/**
 * Renders `name` for `app`. The locals are `app.locals`, then
 * `options._locals` (`res.render` puts the response's locals there, as
 * Express does, so wrappers of `app.render` see them), then `options`.
 *
 * @example
 * renderView(app, 'email', { user }, (err, html) => { ... })
 */
function renderView(app: AppInternal, name: string, options: Locals | null | undefined, callback: RenderCallback): void {
  const opts = options || {}
  const renderOptions: Locals = { ...app.locals, ...(opts._locals as Locals | undefined), ...opts }

  if (renderOptions.cache == null) renderOptions.cache = app.enabled('view cache')
  const cache = app.cache as Record<string, ViewInstance | undefined>

  let view = renderOptions.cache ? cache[name] : undefined
  if (!view) {
    const View = app.get('view') as ViewClass
    // What the View throws (no `view engine` for a name without extension,
    // an engine package that cannot be loaded) leaves app.render and
    // res.render as a throw, as in Express: a route handler's router passes
    // it to `next`; only a failed lookup and the render go to the callback.
    const created = new View(name, {
      defaultEngine: app.get('view engine') as string | undefined,
      root: app.get('views') as string | string[],
      engines: app.engines as ViewOptions['engines'],
    })
    if (!created.path) return callback(lookupError(name, created))
    if (renderOptions.cache) cache[name] = created
    view = created
  }
  tryRender(view, renderOptions, callback)
}

/**
 * `app.render(view, [locals], callback)`: renders without sending.
 *
 * @example
 * app.render('email', { name: 'Tobi' }, (err, html) => { if (!err) mail(html) })
 */
export function appRender(this: AppInternal, name: string, options?: Locals | RenderCallback | null, callback?: RenderCallback): void {
  let opts = options as Locals | null | undefined
  let done = callback
  if (typeof options === 'function') {
    done = options
    opts = undefined
  }
  // Without a callback the result (or error) would surface later as an
  // uncaught "not a function" inside a timer: fail here instead.
  if (typeof done !== 'function') throw new TypeError('app.render() requires a callback function')
  renderView(this, name, opts, done)
}
