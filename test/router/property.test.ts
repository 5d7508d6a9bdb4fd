/**
 * Compiled dispatch agrees with the linear oracle and with Express 5's router
 * on random route tables (see property-core.ts).
 */
import { test } from 'node:test'
import { webfw, type Any } from '../helpers/webfw'
import { checkDispatch } from './property-core'

// eslint-disable-next-line @typescript-eslint/no-require-imports
const express: Any = require('express')

test('5.x: radix and linear dispatch agree with each other and with Express 5', async () => {
  await checkDispatch(5, webfw.Router, express.Router)
})
