/**
 * The shared routing cases on the 4.x factory, radix and linear matchers.
 */
import { webfw4 } from '../helpers/webfw'
import { runCases } from './run-cases'

runCases('4.x', webfw4, 4)
