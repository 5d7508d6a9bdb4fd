// An in-memory store for the REST example: books and their reviews.
'use strict'

function createStore() {
  let nextBookId = 3
  let nextReviewId = 2
  const books = new Map([
    [1, { id: 1, title: 'Structure and Interpretation of Computer Programs', author: 'Abelson' }],
    [2, { id: 2, title: 'The Art of Computer Programming', author: 'Knuth' }],
  ])
  const reviews = [{ id: 1, bookId: 1, rating: 5, text: 'Still the best.' }]

  return {
    listBooks: ({ author } = {}) => [...books.values()].filter((b) => !author || b.author === author),
    getBook: (id) => books.get(id),
    addBook: ({ title, author }) => {
      const book = { id: nextBookId++, title, author }
      books.set(book.id, book)
      return book
    },
    replaceBook: (id, { title, author }) => {
      const book = { id, title, author }
      books.set(id, book)
      return book
    },
    deleteBook: (id) => {
      for (let i = reviews.length - 1; i >= 0; i--) if (reviews[i].bookId === id) reviews.splice(i, 1)
      return books.delete(id)
    },
    listReviews: (bookId) => reviews.filter((r) => r.bookId === bookId),
    addReview: (bookId, { rating, text }) => {
      const review = { id: nextReviewId++, bookId, rating, text }
      reviews.push(review)
      return review
    },
  }
}

module.exports = { createStore }
