/**
 * `webfw.bodyParser([options])` (3.x): Connect 2's combined body parser,
 * the factory's own `json` and `urlencoded` (their 3.x behaviour) followed by
 * `multipart` (./multipart), each given the same options. Whatever the
 * request, `req.body` and `req.files` are objects afterwards (`{}` when nothing
 * was parsed).
 */
import type { Factory } from '../../factory'
import { deprecateBundled } from './deprecation'
import { createMultipart, type MultipartOptions } from './multipart'
import type { Middleware } from './types'

type ParserFactory = (options?: unknown) => Middleware

/**
 * Builds `bodyParser` over the `json` and `urlencoded` of `factory`, read at
 * each call so the parsers are the ones the factory has then.
 *
 * @example
 * app.use(webfw.bodyParser({ uploadDir: '/var/uploads' }))
 * app.post('/profile', (req, res) => res.send(req.body.name + ' sent ' + Object.keys(req.files).length + ' files'))
 */
export function createBodyParser(factory: Factory) {
  return function bodyParser(options?: MultipartOptions): Middleware {
    deprecateBundled('webfw.bodyParser([options])', 'webfw.json and webfw.urlencoded, and a multipart package (multer, busboy, multiparty),')
    const json = (factory.json as ParserFactory)(options)
    const urlencoded = (factory.urlencoded as ParserFactory)(options)
    const multipart = createMultipart(options)
    return function bodyParser(req, res, next) {
      json(req, res, (err) => {
        if (err) return next(err)
        urlencoded(req, res, (err2) => {
          if (err2) return next(err2)
          multipart(req, res, next)
        })
      })
    }
  }
}
