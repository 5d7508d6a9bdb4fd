/**
 * ESM view of `webfw/reqlog` (esm/reqlog.mjs): the logger as the default
 * export, `token`, `format` and `compile` as named exports, and the types of
 * reqlog.d.ts.
 *
 * @example
 * import reqlog, { token } from 'webfw/reqlog'
 */
import reqlog = require('./reqlog.js')

export default reqlog

export declare const token: typeof reqlog.token
export declare const format: typeof reqlog.format
export declare const compile: typeof reqlog.compile

export import FormatFn = reqlog.FormatFn
export import TokenCallbackFn = reqlog.TokenCallbackFn
export import TokenIndexer = reqlog.TokenIndexer
export import StreamOptions = reqlog.StreamOptions
export import Options = reqlog.Options
export import OptionsWithFormat = reqlog.OptionsWithFormat
export import Handler = reqlog.Handler
export import Reqlog = reqlog.Reqlog
export import Morgan = reqlog.Morgan
