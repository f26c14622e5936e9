// The text a language model learns: a character vocabulary, the 90/10 train/validation split,
// seeded training batches and the fixed evaluation windows.
//
// Characters are Unicode code points (the text is UTF-8); the vocabulary is the sorted set of
// distinct code points of the whole text, so token i is the i-th smallest. The first 90 % of the
// characters (floor) train, the rest validate.
#pragma once
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "numpy_random.hpp"

namespace al::lm {

// Bounds the memory a text can take (the shipped one is 0.4 MB).
inline constexpr std::size_t max_text_bytes = 16u << 20;

// What a reader trains from scratch: the first scratch_chars characters of the shipped lexicon
// (web/data/jargon.txt, printable ASCII, so as many bytes): whole paragraphs, the ~400 kB a run
// learns in a minute. Stated here, once, for the page, the CLI and the scripts that make the
// shipped records (lmScratchChars); web/js/shared/lm-config.js's SCRATCH_CHARS and
// tests/fixtures/tiny_lm_torch.py's are copies that tests/js/lm-corpus.test.mjs holds equal to it.
inline constexpr std::size_t scratch_chars = 399856;

class Corpus {
  public:
    // Builds the vocabulary and the split. error() says why the text cannot be used (over
    // max_text_bytes, not UTF-8, more than max_vocab distinct characters, or a split shorter than
    // ctx + 2 characters).
    Corpus(std::string_view text, int ctx, int max_vocab);

    const std::string& error() const { return error_; }
    int vocab_size() const { return static_cast<int>(vocab_.size()); }
    const std::vector<std::uint32_t>& vocab() const { return vocab_; }
    const std::vector<int>& train() const { return train_; }
    const std::vector<int>& val() const { return val_; }

    // Token of a code point, or -1 when it is not in the vocabulary.
    int token_of(std::uint32_t code_point) const;
    // UTF-8 → tokens, dropping characters outside the vocabulary (and invalid bytes).
    std::vector<int> encode(std::string_view text) const;
    // Tokens → UTF-8.
    std::string decode(const std::vector<int>& tokens) const;

    // A training batch of `rows` sequences: sequence r starts at
    // s = rng.randint(0, len(train) − ctx) (one draw per row, in order: NumPy's
    // RandomState.randint), inputs train[s .. s+ctx), targets train[s+1 .. s+ctx].
    void batch(RandomState& rng, int rows, int ctx, int* inputs, int* targets) const;

    // The fixed evaluation windows of a split: `count` starts spread evenly over the split,
    // start_i = floor(i · (len − ctx − 1) / (count − 1)).
    static std::vector<int> window_starts(std::size_t len, int ctx, int count);

  private:
    std::string error_;
    std::vector<std::uint32_t> vocab_;
    std::vector<int> train_, val_;
};

}  // namespace al::lm
