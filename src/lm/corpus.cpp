#include "lm/corpus.hpp"

#include <algorithm>
#include <cmath>

#include "utf8.hpp"

namespace al::lm {

Corpus::Corpus(std::string_view text, int ctx, int max_vocab) {
    if (text.size() > max_text_bytes) {
        error_ = "the text has " + std::to_string(text.size()) + " bytes, at most " +
                 std::to_string(max_text_bytes) + " are allowed";
        return;
    }
    std::vector<std::uint32_t> cps;
    if (!utf8::decode(text, cps)) {
        error_ = "the text is not valid UTF-8";
        return;
    }
    vocab_ = cps;
    std::sort(vocab_.begin(), vocab_.end());
    vocab_.erase(std::unique(vocab_.begin(), vocab_.end()), vocab_.end());
    if (static_cast<int>(vocab_.size()) > max_vocab) {
        error_ = "the text has " + std::to_string(vocab_.size()) +
                 " distinct characters, at most " + std::to_string(max_vocab) + " are allowed";
        return;
    }
    const std::size_t n_train = cps.size() * 9 / 10;
    const std::size_t need = static_cast<std::size_t>(ctx) + 2;
    if (n_train < need || cps.size() - n_train < need) {
        error_ =
            "the text is too short: each split needs at least ctx + 2 = " + std::to_string(need) +
            " characters (the text has " + std::to_string(cps.size()) + ", 90 % of it trains)";
        return;
    }
    train_.reserve(n_train);
    val_.reserve(cps.size() - n_train);
    for (std::size_t i = 0; i < cps.size(); ++i)
        (i < n_train ? train_ : val_).push_back(token_of(cps[i]));
}

int Corpus::token_of(std::uint32_t code_point) const {
    const auto it = std::lower_bound(vocab_.begin(), vocab_.end(), code_point);
    return it != vocab_.end() && *it == code_point ? static_cast<int>(it - vocab_.begin()) : -1;
}

std::vector<int> Corpus::encode(std::string_view text) const {
    std::vector<int> out;
    std::vector<std::uint32_t> cps;
    if (!utf8::decode(text, cps)) {  // keep what decodes: drop bytes that are not UTF-8
        cps.clear();
        for (unsigned char c : text)
            if (c < 0x80) cps.push_back(c);
    }
    for (std::uint32_t cp : cps)
        if (const int t = token_of(cp); t >= 0) out.push_back(t);
    return out;
}

std::string Corpus::decode(const std::vector<int>& tokens) const {
    std::string out;
    for (int t : tokens) utf8::append(out, vocab_[static_cast<std::size_t>(t)]);
    return out;
}

void Corpus::batch(RandomState& rng, int rows, int ctx, int* inputs, int* targets) const {
    const std::int64_t hi = static_cast<std::int64_t>(train_.size()) - ctx;
    for (int r = 0; r < rows; ++r) {
        const std::size_t s = static_cast<std::size_t>(rng.randint(0, hi));
        for (int t = 0; t < ctx; ++t) {
            inputs[r * ctx + t] = train_[s + t];
            targets[r * ctx + t] = train_[s + t + 1];
        }
    }
}

std::vector<int> Corpus::window_starts(std::size_t len, int ctx, int count) {
    std::vector<int> starts(static_cast<std::size_t>(count), 0);
    const double span = static_cast<double>(len) - ctx - 1;
    for (int i = 1; i < count; ++i)
        starts[static_cast<std::size_t>(i)] = static_cast<int>(std::floor(i * span / (count - 1)));
    return starts;
}

}  // namespace al::lm
