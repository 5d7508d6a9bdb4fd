/**
 * `express/lib/view` of Express 4: the view class 4.x apps use by default
 * (`app.get('view')`), a function constructor as Express's is, so that a
 * subclass may call it (`View.call(this, name, options)`) or extend it.
 */
import { View4 } from '../app/view'

export = View4
