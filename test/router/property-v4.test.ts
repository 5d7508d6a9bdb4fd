/**
 * Compiled dispatch agrees with the linear oracle and with Express 4's router
 * on random route tables in the 4.x path syntax (see property-core.ts).
 */
import assert from 'node:assert/strict'
import { test } from 'node:test'
import { internal, webfw4, type Any } from '../helpers/webfw'
import { checkDispatch } from './property-core'

const { directMountEntries } = internal('router/dispatch')

// eslint-disable-next-line @typescript-eslint/no-require-imports
const express4: Any = require('express4')

test('4.x: radix and linear dispatch agree with each other and with Express 4', async () => {
  const before = directMountEntries()
  await checkDispatch(4, webfw4.Router, express4.Router)
  // The tables reach routers the radix matcher enters directly, or the comparison above proves nothing of it.
  assert.ok(directMountEntries() > before, 'no request entered a mounted router directly')
})
