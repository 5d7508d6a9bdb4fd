/**
 * Compiled dispatch agrees with the linear oracle and with Express 5's router
 * on random route tables (see property-core.ts).
 */
import assert from 'node:assert/strict'
import { test } from 'node:test'
import { internal, webfw, type Any } from '../helpers/webfw'
import { checkDispatch } from './property-core'

const { directMountEntries } = internal('router/dispatch')

// eslint-disable-next-line @typescript-eslint/no-require-imports
const express: Any = require('express')

test('5.x: radix and linear dispatch agree with each other and with Express 5', async () => {
  const before = directMountEntries()
  await checkDispatch(5, webfw.Router, express.Router)
  // The tables reach routers the radix matcher enters directly, or the comparison above proves nothing of it.
  assert.ok(directMountEntries() > before, 'no request entered a mounted router directly')
})
