// Which of a route's answers an Accept header asks for (RFC 9110 §12.5.1), for the routes that
// answer more than one media type (the report documents, docs/DECISIONS.md "Orders and reports").

export interface Offer<Answer> {
  /** A media type without parameters, e.g. application/pdf. */
  type: string;
  answer: Answer;
}

/**
 * The answer of the offer the header prefers: its media types in order of their q-value, the
 * header's order breaking ties; q=0 means "not this one". Any type (and a missing header) takes the
 * first offer, `type/*` the first offer of that type. null: nothing offered is acceptable.
 */
export function negotiate<Answer>(accept: string | undefined, offers: readonly Offer<Answer>[]): Answer | null {
  const ranked = (accept?.trim() ? accept : '*/*')
    .split(',')
    .map((part, index) => {
      const [type = '', ...parameters] = part.split(';').map((piece) => piece.trim().toLowerCase());
      const q = parameters.find((parameter) => parameter.startsWith('q='));
      const quality = q ? Number(q.slice(2)) : 1;
      return { type, quality: Number.isFinite(quality) ? quality : 0, index };
    })
    .filter((entry) => entry.quality > 0)
    .sort((a, b) => b.quality - a.quality || a.index - b.index);
  for (const { type } of ranked) {
    const offer = offers.find((candidate) => candidate.type === type)
      ?? (type === '*/*' ? offers[0] : type.endsWith('/*') ? offers.find((candidate) => candidate.type.startsWith(type.slice(0, -1))) : undefined);
    if (offer) return offer.answer;
  }
  return null;
}
