#include "diagnostics.hpp"

#include <algorithm>
#include <cmath>
#include <limits>

#include "loss.hpp"
#include "numpy_random.hpp"
#include "simd/arch.hpp"

namespace al {

namespace {

constexpr std::size_t sample_size = 64;
constexpr std::uint32_t sample_stream = 0xC05;
constexpr double nan = std::numeric_limits<double>::quiet_NaN();

// Σ_{i<n} f(i) in four interleaved partial sums, (s0 + s1) + (s2 + s3): four independent chains
// of double additions instead of one, which would be latency-bound (~4x slower).
template <class F>
double sum4(std::size_t n, F f) {
    double s0 = 0, s1 = 0, s2 = 0, s3 = 0;
    std::size_t i = 0;
    for (; i + 4 <= n; i += 4) {
        s0 += f(i);
        s1 += f(i + 1);
        s2 += f(i + 2);
        s3 += f(i + 3);
    }
    for (; i < n; ++i) s0 += f(i);
    return (s0 + s1) + (s2 + s3);
}

// alive[j] = 1 where z[r][j] > 0 for some row r (rows × width), else left as it was; a vector
// select per row (scalar code spends a byte load, store and branch per element).
void mark_positive(const float* z, std::size_t rows, std::size_t width, float* alive) {
    std::size_t j = 0;
#if AL_SIMD
    using simd::fbatch;
    constexpr std::size_t L = simd::float_lanes;
    const fbatch zero(0.0f), one(1.0f);
    for (; j + L <= width; j += L) {
        fbatch a = fbatch::load_unaligned(alive + j);
        for (std::size_t r = 0; r < rows; ++r)
            a = xsimd::select(fbatch::load_unaligned(z + r * width + j) > zero, one, a);
        a.store_unaligned(alive + j);
    }
#endif
    for (; j < width; ++j)
        for (std::size_t r = 0; r < rows; ++r)
            if (z[r * width + j] > 0.0f) alive[j] = 1.0f;
}

// Per layer: running count, mean and sum of squared deviations of z (Chan et al.'s merge of each
// chunk's two-pass moments: stable whatever the mean), and which units were ever > 0.
struct Moments {
    double count = 0, mean = 0, m2 = 0;
    std::vector<float> alive;  // 1 where the unit was ever > 0, else 0
};

class PreactivationStats : public LayerObserver {
  public:
    explicit PreactivationStats(const Mlp& net) : layers_(net.num_hidden()) {
        for (std::size_t l = 0; l < layers_.size(); ++l)
            layers_[l].alive.assign(net.layer(l).out(), 0.0f);
    }
    void preactivation(std::size_t l, const float* z, std::size_t rows,
                       std::size_t width) override {
        Moments& m = layers_[l];
        const std::size_t n = rows * width;
        const double mean = sum4(n, [z](std::size_t i) { return double(z[i]); }) / double(n);
        const double m2 = sum4(n, [z, mean](std::size_t i) {
            const double d = z[i] - mean;
            return d * d;
        });
        const double total = m.count + static_cast<double>(n);
        const double delta = mean - m.mean;
        m.m2 += m2 + delta * delta * m.count * static_cast<double>(n) / total;
        m.mean += delta * static_cast<double>(n) / total;
        m.count = total;
        mark_positive(z, rows, width, m.alive.data());
    }
    const std::vector<Moments>& layers() const { return layers_; }

  private:
    std::vector<Moments> layers_;
};

// Copies each hidden layer's output for the sampled rows.
class OutputCopy : public LayerObserver {
  public:
    explicit OutputCopy(const Mlp& net, std::size_t m) : h_(net.num_hidden()) {
        for (std::size_t l = 0; l < h_.size(); ++l) h_[l].reserve(m * net.layer(l).out());
    }
    void preactivation(std::size_t, const float*, std::size_t, std::size_t) override {}
    void output(std::size_t l, const float* h, std::size_t rows, std::size_t width) override {
        h_[l].insert(h_[l].end(), h, h + rows * width);
    }
    const std::vector<float>& layer(std::size_t l) const { return h_[l]; }

  private:
    std::vector<std::vector<float>> h_;
};

// Folds each row's on/off bits into its hash, 32 units per word (murmur3's mixing steps).
class PatternHash : public LayerObserver {
  public:
    explicit PatternHash(std::uint32_t* hash) : hash_(hash) {}
    void preactivation(std::size_t, const float* z, std::size_t rows, std::size_t width) override {
        for (std::size_t r = 0; r < rows; ++r) {
            std::uint32_t h = hash_[r];
            for (std::size_t j0 = 0; j0 < width; j0 += 32) {
                std::uint32_t word = 0;
                for (std::size_t j = j0; j < std::min(width, j0 + 32); ++j)
                    word |= std::uint32_t(z[r * width + j] > 0.0f) << (j - j0);
                h = mix(h, word);
            }
            hash_[r] = h;
        }
    }

  private:
    static std::uint32_t mix(std::uint32_t h, std::uint32_t k) {
        k *= 0xcc9e2d51u;
        k = (k << 15) | (k >> 17);
        k *= 0x1b873593u;
        h ^= k;
        h = (h << 13) | (h >> 19);
        return h * 5 + 0xe6546b64u;
    }
    std::uint32_t* hash_;
};

}  // namespace

void activation_patterns(Mlp& net, const float* xy, std::size_t n, std::uint32_t* out) {
    const std::size_t chunk = net.max_rows();
    for (std::size_t i0 = 0; i0 < n; i0 += chunk) {
        const std::size_t rows = std::min(chunk, n - i0);
        std::fill(out + i0, out + i0 + rows, 0x9747b28cu);
        PatternHash hash(out + i0);
        net.forward(xy + 2 * i0, rows, &hash);
    }
}

double mean_pair_cosine(const float* h, std::size_t m, std::size_t width) {
    const auto dot = [h, width](std::size_t a, std::size_t b) {
        const float* ha = h + a * width;
        const float* hb = h + b * width;
        return sum4(width, [ha, hb](std::size_t j) { return double(ha[j]) * hb[j]; });
    };
    std::vector<double> norm(m);
    for (std::size_t a = 0; a < m; ++a) norm[a] = std::sqrt(dot(a, a));
    double sum = 0;
    std::size_t pairs = 0;
    for (std::size_t a = 0; a < m; ++a) {
        if (norm[a] == 0) continue;
        for (std::size_t b = a + 1; b < m; ++b) {
            if (norm[b] == 0) continue;
            sum += dot(a, b) / (norm[a] * norm[b]);
            ++pairs;
        }
    }
    return pairs ? sum / static_cast<double>(pairs) : nan;
}

Diagnostics::Diagnostics(std::size_t n_train) : n_(n_train) {
    RandomState rng(sample_stream);
    sample_ = rng.permutation(n_train);
    sample_.resize(std::min(sample_size, n_train));
}

std::vector<LayerStats> Diagnostics::run(Mlp& net, const float* x, const float* y,
                                         PassMetrics* metrics) {
    const std::size_t hidden = net.num_hidden(), chunk = net.max_rows();
    std::vector<LayerStats> out(hidden, LayerStats{nan, nan, nan, nan});
    if (n_ == 0) return out;
    // The full batch: the mean over n_ points, in chunks whose gradients add up.
    PreactivationStats stats(net);
    dlogits_.resize(chunk);
    const float scale = 1.0f / static_cast<float>(n_);
    double loss = 0;
    std::size_t correct = 0;
    for (std::size_t i0 = 0; i0 < n_; i0 += chunk) {
        const std::size_t rows = std::min(chunk, n_ - i0);
        const float* logits = net.forward_train(x + 2 * i0, rows, &stats);
        loss += bce_backward(logits, y + i0, rows, scale, dlogits_.data());
        correct += count_correct(logits, y + i0, rows);
        net.backward(x + 2 * i0, dlogits_.data(), rows, i0 > 0);
    }
    if (metrics) *metrics = {loss / double(n_), double(correct) / double(n_)};
    for (std::size_t l = 0; l < hidden; ++l) {
        const Moments& m = stats.layers()[l];
        out[l].pre_std = std::sqrt(m.m2 / m.count);
        std::size_t dead = 0;
        for (float a : m.alive) dead += a != 0.0f ? 0 : 1;
        out[l].dead_fraction = double(dead) / double(m.alive.size());
        const Dense& d = net.layer(l);
        double ss = 0;
        for (std::size_t k = 0; k < d.in() * d.out(); ++k)
            ss += double(d.weight_grad()[k]) * d.weight_grad()[k];
        out[l].grad_norm = std::sqrt(ss);
    }
    // The pair sample's outputs, layer by layer.
    const std::size_t m = sample_.size();
    xs_.resize(2 * m);
    for (std::size_t k = 0; k < m; ++k) {
        xs_[2 * k] = x[2 * sample_[k]];
        xs_[2 * k + 1] = x[2 * sample_[k] + 1];
    }
    OutputCopy copy(net, m);
    for (std::size_t i0 = 0; i0 < m; i0 += chunk)
        net.forward(xs_.data() + 2 * i0, std::min(chunk, m - i0), &copy);
    for (std::size_t l = 0; l < hidden; ++l)
        out[l].cos_sim = mean_pair_cosine(copy.layer(l).data(), m, net.layer(l).out());
    return out;
}

}  // namespace al
