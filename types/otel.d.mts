/**
 * ESM view of `webfw/otel` (esm/otel.mjs): the same named exports and types
 * as otel.d.ts.
 *
 * @example
 * import { WebfwInstrumentation } from 'webfw/otel'
 */
export * from './otel.js'
