#include "mlp/diagnostics.hpp"

#include <algorithm>
#include <cmath>
#include <limits>

#include "mlp/loss.hpp"
#include "numpy_random.hpp"
#include "simd/arch.hpp"
#include "sum4.hpp"

namespace al {

namespace {

constexpr std::size_t sample_size = 64;
constexpr std::uint32_t sample_stream = 0xC05;
constexpr double nan = std::numeric_limits<double>::quiet_NaN();

// Σ v[i] and the Euclidean norm √Σ v[i]² of n floats, summed in double.
double sum_of(const float* v, std::size_t n) {
    return sum4(n, [v](std::size_t i) { return double(v[i]); });
}
double l2_norm(const float* v, std::size_t n) {
    return std::sqrt(sum4(n, [v](std::size_t i) { return double(v[i]) * v[i]; }));
}

// The two passes of a chunk's moments over z (rows × width, a chunk of one layer's
// pre-activations), column by column: each column is summed in float down the rows (a vector
// add per row, at most max_rows = 512 terms), the columns then in double. Far cheaper than a
// double per element; the chunks' moments are merged in double.
//   column_sums:    s[j] = Σ_r z[r][j]; alive[j] = 1 where z[r][j] > 0 for some r, else kept;
//   column_squares: q[j] = Σ_r (z[r][j] - mean)².
void column_sums(const float* z, std::size_t rows, std::size_t width, float* s, float* alive) {
    std::size_t j = 0;
#if AL_SIMD
    using simd::fbatch;
    constexpr std::size_t L = simd::float_lanes;
    const fbatch zero(0.0f), one(1.0f);
    for (; j + L <= width; j += L) {
        fbatch a = fbatch::load_unaligned(alive + j), sum(0.0f);
        for (std::size_t r = 0; r < rows; ++r) {
            const fbatch v = fbatch::load_unaligned(z + r * width + j);
            sum += v;
            a = xsimd::select(v > zero, one, a);
        }
        a.store_unaligned(alive + j);
        sum.store_unaligned(s + j);
    }
#endif
    for (; j < width; ++j) {
        float sum = 0.0f;
        for (std::size_t r = 0; r < rows; ++r) {
            sum += z[r * width + j];
            if (z[r * width + j] > 0.0f) alive[j] = 1.0f;
        }
        s[j] = sum;
    }
}
void column_squares(const float* z, std::size_t rows, std::size_t width, float mean, float* q) {
    std::size_t j = 0;
#if AL_SIMD
    using simd::fbatch;
    constexpr std::size_t L = simd::float_lanes;
    const fbatch m(mean);
    for (; j + L <= width; j += L) {
        fbatch sum(0.0f);
        for (std::size_t r = 0; r < rows; ++r) {
            const fbatch d = fbatch::load_unaligned(z + r * width + j) - m;
            sum += d * d;
        }
        sum.store_unaligned(q + j);
    }
#endif
    for (; j < width; ++j) {
        float sum = 0.0f;
        for (std::size_t r = 0; r < rows; ++r) {
            const float d = z[r * width + j] - mean;
            sum += d * d;
        }
        q[j] = sum;
    }
}

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
    // Σ_{a<b} u_a·u_b = (|Σ_a u_a|² - Σ_a |u_a|²) / 2 for the unit vectors u_a = h_a/|h_a| of
    // the nonzero rows: one pass over the rows instead of one per pair. In double, the
    // difference keeps ~13 digits even when the mean is near 0.
    std::vector<double> sum(width, 0.0);
    std::size_t kept = 0;
    for (std::size_t a = 0; a < m; ++a) {
        const float* ha = h + a * width;
        const double norm = l2_norm(ha, width);
        if (norm == 0) continue;
        for (std::size_t j = 0; j < width; ++j) sum[j] += ha[j] / norm;
        ++kept;
    }
    if (kept < 2) return nan;
    const double s2 = sum4(width, [&sum](std::size_t j) { return sum[j] * sum[j]; });
    const double pairs = double(kept) * double(kept - 1) / 2;
    return (s2 - double(kept)) / 2 / pairs;
}

Diagnostics::Diagnostics(std::size_t n_train) : n_(n_train) {
    RandomState rng(sample_stream);
    sample_ = rng.permutation(n_train);
    sample_.resize(std::min(sample_size, n_train));
}

void Diagnostics::PassStats::reset(const Mlp& net) {
    layers.assign(net.num_hidden(), Moments{});
    for (std::size_t l = 0; l < layers.size(); ++l)
        layers[l].alive.assign(net.layer(l).out(), 0.0f);
}

void Diagnostics::PassStats::preactivation(std::size_t l, const float* z, std::size_t rows,
                                           std::size_t width) {
    Moments& m = layers[l];
    const std::size_t n = rows * width;
    cols_.resize(width);
    column_sums(z, rows, width, cols_.data(), m.alive.data());
    const double mean = sum_of(cols_.data(), width) / double(n);
    column_squares(z, rows, width, static_cast<float>(mean), cols_.data());
    const double m2 = sum_of(cols_.data(), width);
    const double total = m.count + static_cast<double>(n);
    const double delta = mean - m.mean;
    m.m2 += m2 + delta * delta * m.count * static_cast<double>(n) / total;
    m.mean += delta * static_cast<double>(n) / total;
    m.count = total;
}

std::vector<LayerStats> Diagnostics::run(Mlp& net, const float* x, const float* y,
                                         PassMetrics* metrics) {
    const std::size_t hidden = net.num_hidden(), chunk = net.max_rows();
    if (n_ == 0) return std::vector<LayerStats>(hidden, LayerStats{nan, nan, nan, nan});
    // The full batch: the mean over n_ points, in chunks whose gradients add up.
    stats_.reset(net);
    dlogits_.resize(chunk);
    const float scale = 1.0f / static_cast<float>(n_);
    double loss = 0;
    std::size_t correct = 0;
    for (std::size_t i0 = 0; i0 < n_; i0 += chunk) {
        const std::size_t rows = std::min(chunk, n_ - i0);
        const float* logits = net.forward_train(x + 2 * i0, rows, &stats_);
        loss += bce_backward(logits, y + i0, rows, scale, dlogits_.data());
        correct += count_correct(logits, y + i0, rows);
        net.backward(x + 2 * i0, dlogits_.data(), rows, i0 > 0);
    }
    if (metrics) *metrics = {loss / double(n_), double(correct) / double(n_)};
    std::vector<LayerStats> out = from_pass(net, x);
    for (std::size_t l = 0; l < hidden; ++l) {
        const Dense& d = net.layer(l);
        out[l].grad_norm = l2_norm(d.weight_grad(), d.in() * d.out());
    }
    return out;
}

void Diagnostics::begin_epoch(const Mlp& net) {
    grad_sum_.resize(net.num_hidden());
    for (std::size_t l = 0; l < grad_sum_.size(); ++l) {
        const Dense& d = net.layer(l);
        grad_sum_[l].assign(d.in() * d.out(), 0.0f);
    }
}

void Diagnostics::add_batch(const Mlp& net, std::size_t rows) {
    const float w = static_cast<float>(rows) / static_cast<float>(n_);
    for (std::size_t l = 0; l < grad_sum_.size(); ++l) {
        const float* g = net.layer(l).weight_grad();
        float* s = grad_sum_[l].data();
        for (std::size_t k = 0, n = grad_sum_[l].size(); k < n; ++k) s[k] += w * g[k];
    }
}

std::vector<LayerStats> Diagnostics::end_epoch(Mlp& net, const float* x) {
    std::vector<LayerStats> out = from_pass(net, x);
    for (std::size_t l = 0; l < std::min(out.size(), grad_sum_.size()); ++l)
        out[l].grad_norm = l2_norm(grad_sum_[l].data(), grad_sum_[l].size());
    return out;
}

std::vector<LayerStats> Diagnostics::from_pass(Mlp& net, const float* x) {
    const std::size_t hidden = net.num_hidden(), chunk = net.max_rows();
    std::vector<LayerStats> out(hidden, LayerStats{nan, nan, nan, nan});
    if (n_ == 0 || stats_.layers.size() != hidden) return out;
    for (std::size_t l = 0; l < hidden; ++l) {
        const Moments& m = stats_.layers[l];
        out[l].pre_std = std::sqrt(m.m2 / m.count);
        std::size_t dead = 0;
        for (float a : m.alive) dead += a != 0.0f ? 0 : 1;
        out[l].dead_fraction = double(dead) / double(m.alive.size());
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
