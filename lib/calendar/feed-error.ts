/** A feed that is not iCalendar (an HTML sign-in page, a truncated download...). */
export class FeedFormatError extends Error {
  override readonly name = 'FeedFormatError';
}
