import winkSentiment from 'wink-sentiment';

export type SentimentReading = {
  /** 0-10 with one decimal; 5 is neutral (also the reading of text with no opinion words). */
  score: number;
  label: 'positive' | 'neutral' | 'negative';
  /** How many words carried a valence (0: nothing to go on). */
  scoredWords: number;
};

/**
 * The one place that knows the sentiment package (wink-sentiment: AFINN-165 plus emoji and
 * emoticon lexicons, with negation handling). Its normalized score, the mean valence of the
 * opinion words on -5..+5, is shifted onto the product's 0-10 scale.
 */
export function readSentiment(text: string): SentimentReading {
  const { normalizedScore, tokenizedPhrase } = winkSentiment(text);
  const scoredWords = tokenizedPhrase.filter((t) => t.score !== undefined).length;
  const score = Math.round(Math.min(10, Math.max(0, normalizedScore + 5)) * 10) / 10;
  return { score, label: score >= 6 ? 'positive' : score <= 4 ? 'negative' : 'neutral', scoredWords };
}
