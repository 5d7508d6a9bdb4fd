/**
 * `webfw.errorHandler([options])` (3.x): the development error page, as
 * Connect 2's `errorHandler`, which was the errorhandler package: the error's
 * status (or 500), its stack as HTML, JSON or text by `Accept`, and the error
 * logged to standard error unless `log` is false (default: on unless NODE_ENV
 * is "test"; a function `(err, str, req, res)` logs elsewhere). It shows
 * stacks, so it is for development only: made while NODE_ENV is
 * "production", it warns once per process (code WEBFW_ERROR_PAGE_IN_PRODUCTION)
 * and still works. `webfw.errorHandler.title` is the HTML page's heading
 * (default "webfw"; it is the package's own `title`).
 */
import errorhandler from 'errorhandler'
import { deprecateBundled } from './deprecation'

/** The package's title, which its typings mark read-only although it is meant to be set. */
const page = errorhandler as unknown as { title: string }

// Express 3 named its pages after itself the same way (by setting the
// package's documented `title`).
page.title = 'webfw'

let warnedInProduction = false

/** The warning that the development error page is being mounted in production. */
function warnInProduction(): void {
  if (warnedInProduction || process.env.NODE_ENV !== 'production') return
  warnedInProduction = true
  process.emitWarning(
    "webfw.errorHandler() is mounted with NODE_ENV=production: it sends every error's stack trace, with the " +
      "server's file paths, to the client. Mount it in development only (webfw's final handler sends no stack in production).",
    { code: 'WEBFW_ERROR_PAGE_IN_PRODUCTION' },
  )
}

/**
 * @example
 * if (app.get('env') === 'development') app.use(webfw.errorHandler())
 */
export function errorHandler(options?: errorhandler.Options) {
  deprecateBundled('webfw.errorHandler([options])', 'the errorhandler package')
  warnInProduction()
  return errorhandler(options)
}

Object.defineProperty(errorHandler, 'title', {
  configurable: true,
  enumerable: true,
  get: () => page.title,
  set: (title: string) => {
    page.title = title
  },
})
