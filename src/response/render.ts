/**
 * `res.render`: renders a view of the request's app with the response's
 * locals and, without a callback, sends the HTML (or hands the error to the
 * next error handler).
 */
import type { RenderCallback } from '../app/view'
import { finalHandler } from '../middleware/final-handler'
import type { Profile } from '../profile'
import { defineMethod } from '../util/define'
import type { ResponseInternal } from './internal'

type Locals = Record<string, unknown>

export function defineRenderMembers(proto: object, _profile: Profile): void {
  /**
   * @example
   * app.get('/', (req, res) => res.render('index', { title: 'Home' }))
   * res.render('email', { user }, (err, html) => { ... })  // renders, sends nothing
   */
  defineMethod(proto, 'render', function render(
    this: ResponseInternal,
    view: string,
    options?: Locals | RenderCallback | null,
    callback?: RenderCallback,
  ) {
    const res = this
    const req = this.req
    let opts = options as Locals | null | undefined
    let done = callback
    if (typeof options === 'function') {
      done = options
      opts = undefined
    }
    if (typeof done !== 'function') {
      done = function sendRendered(err, html) {
        if (!err) return void res.send(html)
        const next = (req as unknown as { next?: (err: unknown) => void }).next
        if (typeof next === 'function') return next(err)
        // Called outside a router (no next): answer like the app would.
        const env = req.app.get('env') as string
        finalHandler(req, res, err, { env, onerror: env === 'test' ? undefined : (e) => console.error(e) })
      }
    }
    // Through app.render (not around it): wrappers installed on it, such as
    // hbs's localsAsTemplateData, see res.locals as options._locals. A copy,
    // so the caller's object is not modified.
    const app = req.app as unknown as { render(view: string, options: Locals, cb: RenderCallback): void }
    app.render(view, { ...opts, _locals: this.locals }, done)
  })
}
