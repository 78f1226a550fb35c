// wink-sentiment ships no type declarations; this is the part of its API the adapter uses.
declare module 'wink-sentiment' {
  type Token = { value: string; tag: string; score?: number; negation?: boolean };
  /** `normalizedScore`: the mean valence of the scored words, from -5 to +5. */
  export default function sentiment(phrase: string): { score: number; normalizedScore: number; tokenizedPhrase: Token[] };
}
