// The /api/books router: CRUD on books, with a `bookId` parameter trigger
// that loads the book once per request, and a nested reviews router that
// sees the parent's parameters through `mergeParams`.
'use strict'

const webfw = require('webfw')

/** An error carrying an HTTP status, for the JSON error handler in server.js. */
function httpError(status, message) {
  return Object.assign(new Error(message), { status, expose: true })
}

/** `{ title, author }` from a JSON body, or an error describing what is wrong. */
function bookFields(body) {
  const title = body && typeof body.title === 'string' ? body.title.trim() : ''
  const author = body && typeof body.author === 'string' ? body.author.trim() : ''
  if (!title || !author) throw httpError(400, 'a JSON body with a non-empty "title" and "author" is required')
  return { title, author }
}

function createBooksRouter(store) {
  const books = webfw.Router()

  // Runs before any handler whose path has :bookId, once per request.
  books.param('bookId', (req, res, next, value) => {
    const id = Number(value)
    const book = Number.isInteger(id) ? store.getBook(id) : undefined
    if (!book) return next(httpError(404, `no book with id ${value}`))
    req.book = book
    next()
  })

  books
    .route('/')
    .get((req, res) => res.json(store.listBooks({ author: req.query.author })))
    .post((req, res) => {
      const book = store.addBook(bookFields(req.body))
      res.status(201).location(`${req.baseUrl}/${book.id}`).json(book)
    })

  books
    .route('/:bookId')
    .get((req, res) => res.json(req.book))
    .put((req, res) => res.json(store.replaceBook(req.book.id, bookFields(req.body))))
    .delete((req, res) => {
      store.deleteBook(req.book.id)
      res.sendStatus(204)
    })

  // Nested router: mergeParams makes req.params.bookId visible inside it.
  const reviews = webfw.Router({ mergeParams: true })
  reviews.get('/', (req, res) => res.json(store.listReviews(req.book.id)))
  reviews.post('/', (req, res) => {
    const rating = req.body && req.body.rating
    const text = req.body && typeof req.body.text === 'string' ? req.body.text : ''
    if (!Number.isInteger(rating) || rating < 1 || rating > 5) throw httpError(400, '"rating" must be an integer from 1 to 5')
    const review = store.addReview(req.book.id, { rating, text })
    res.status(201).json({ ...review, bookParam: req.params.bookId })
  })
  books.use('/:bookId/reviews', reviews)

  return books
}

module.exports = { createBooksRouter }
