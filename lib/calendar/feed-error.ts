/** A feed that is not iCalendar (an HTML sign-in page, a truncated download...). */
export class FeedFormatError extends Error {
  override readonly name = 'FeedFormatError';
}

/** A feed whose parse exceeds its time or recurrence budget (a rule that never ends, a flood of steps). */
export class FeedTooComplexError extends Error {
  override readonly name = 'FeedTooComplexError';
}
