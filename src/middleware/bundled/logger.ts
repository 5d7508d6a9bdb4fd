/**
 * `webfw.logger([format | options])` (3.x): the request logger, as Connect 2's
 * `logger` (morgan), on webfw's own reqlog. Call forms:
 * - `logger()` and `logger('default')`: the `combined` format (Connect made
 *   morgan's `default` the combined one);
 * - `logger(format)`: a predefined format name (`combined`, `common`, `dev`,
 *   `short`, `tiny`), a format string, or a function `(tokens, req, res)`;
 * - `logger({ format, stream, immediate, skip, buffer })`: the options
 *   object, with the format in it.
 * `logger.token`, `logger.format` and `logger.compile` are reqlog's, so tokens
 * and formats defined either way are shared.
 */
import reqlog from '../../reqlog'
import { deprecateBundled } from './deprecation'

type Format = string | reqlog.FormatFn
export type LoggerOptions = reqlog.Options & { format?: Format }

/** Connect's names for reqlog's formats. */
function formatOf(format: Format | undefined): Format {
  return format === undefined || format === '' || format === 'default' ? 'combined' : format
}

/**
 * @example
 * app.use(webfw.logger('dev'))
 * app.use(webfw.logger({ format: 'short', stream: accessLog, immediate: true }))
 */
export function logger(options?: Format | LoggerOptions): reqlog.Handler {
  if (options !== null && typeof options === 'object') {
    deprecateBundled('webfw.logger(options)', 'webfw/reqlog (reqlog(format, options))')
    return reqlog(formatOf(options.format), options)
  }
  deprecateBundled('webfw.logger([format])', 'webfw/reqlog (reqlog(format))')
  return reqlog(formatOf(options ?? undefined))
}

logger.token = reqlog.token
logger.format = reqlog.format
logger.compile = reqlog.compile
