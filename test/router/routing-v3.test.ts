/**
 * The shared routing cases on the 3.x factory, radix and linear matchers:
 * the 3.x route map (routes per method, placed as one middleware) compiled
 * to the same indices as the other routers.
 */
import { webfw3 } from '../helpers/webfw'
import { runCases } from './run-cases'

runCases('3.x', webfw3, 3)
