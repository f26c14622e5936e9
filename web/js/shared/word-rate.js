// How much of a language model's text is made of real words: the share of the words it wrote that
// a dictionary (data/words.txt, Debian's wamerican list) has. Pure (no DOM): the page, the CLI
// (`lm swap --sample`) and the bench all count with this one module.
//
// A word is a run of ASCII letters, with apostrophes inside it ("hacker's", "don't"), as the list
// spells its entries. Only whole words of the model's own text count: a run cut off by the end of
// the text is dropped, and so is the first run when the prompt ends in the middle of a word (the
// model only finished it). A word is known when the list has it as written, in lower case, or
// capitalised ("The", "UNIX" as "Unix"); the list has every single letter.

const WORD = /[A-Za-z]+(?:'[A-Za-z]+)*/g;

/**
 * The words of a word list: one a line, '#' lines are comments.
 * @param {string} text
 * @returns {Set<string>}
 */
export function parseWordList(text) {
  const words = new Set();
  for (const line of text.split('\n')) {
    const w = line.trim();
    if (w && !w.startsWith('#')) words.add(w);
  }
  return words;
}

/**
 * @param {string} word
 * @param {Set<string>} words
 */
function known(word, words) {
  const lower = word.toLowerCase();
  return (
    words.has(word) || words.has(lower) || words.has(lower.charAt(0).toUpperCase() + lower.slice(1))
  );
}

/**
 * The words the model wrote after `prompt` and how many of them the list has.
 * @param {string} prompt what the model was given
 * @param {string} continuation what it wrote after it
 * @param {Set<string>} words the dictionary (parseWordList)
 * @returns {{words: number, known: number, rate: number | null}} rate: known / words, or null
 *   when the text holds no whole word
 */
export function wordRate(prompt, continuation, words) {
  const letter = /[A-Za-z']/;
  const cutStart = letter.test(prompt.slice(-1));
  let total = 0;
  let hits = 0;
  for (const m of continuation.matchAll(WORD)) {
    const start = m.index ?? 0;
    const end = start + m[0].length;
    if ((start === 0 && cutStart) || end === continuation.length) continue;
    total += 1;
    if (known(m[0], words)) hits += 1;
  }
  return { words: total, known: hits, rate: total ? hits / total : null };
}
