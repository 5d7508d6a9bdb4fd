/**
 * The shared routing cases on the 5.x factory, radix and linear matchers.
 */
import { webfw } from '../helpers/webfw'
import { runCases } from './run-cases'

runCases('5.x', webfw, 5)
