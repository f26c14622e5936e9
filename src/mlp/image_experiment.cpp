#include "mlp/image_experiment.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <numeric>

#include "mlp/softmax_loss.hpp"
#include "mlp/state_dict.hpp"

namespace al {

namespace {

constexpr std::uint32_t shuffle_stream = 0x5eed;
constexpr std::uint32_t dropout_stream = 0xd0;

std::vector<float> scaled_pixels(const ImageSet& s, std::size_t n) {
    std::vector<float> x(n * s.width());
    for (std::size_t i = 0; i < x.size(); ++i) x[i] = static_cast<float>(s.pixels[i]) / 255.0f;
    return x;
}
std::vector<float> float_labels(const ImageSet& s, std::size_t n) {
    return std::vector<float>(s.labels.begin(), s.labels.begin() + static_cast<std::ptrdiff_t>(n));
}

// Rows per pass: the batch (at least 256 for evaluations, at most 512), and at most chunk_work
// multiply-adds.
std::size_t chunk_rows(const ImageConfig& c) {
    const double cap = std::max(1.0, std::floor(Experiment::chunk_work / image_parameter_count(c)));
    const std::size_t rows = std::min<std::size_t>(512, std::max<std::size_t>(256, c.batch));
    return std::min(rows, static_cast<std::size_t>(std::min(cap, 512.0)));
}

std::string check_sizes(const ImageConfig& c, const ImageSplit& d) {
    if (d.train.width() != image_side * image_side || d.test.width() != d.train.width())
        return "images must be " + std::to_string(image_side) + "×" + std::to_string(image_side);
    if (d.train.size() < std::size_t(c.n_train))
        return "n_train is " + std::to_string(c.n_train) + " but the training set has " +
               std::to_string(d.train.size()) + " images";
    if (d.test.size() < std::size_t(c.n_test))
        return "n_test is " + std::to_string(c.n_test) + " but the test set has " +
               std::to_string(d.test.size()) + " images";
    return "";
}

std::vector<std::size_t> widths(const ImageConfig& c) {
    return std::vector<std::size_t>(c.hidden.begin(), c.hidden.end());
}

AdamOptions adam_options(const ImageConfig& c) {
    AdamOptions o;
    o.lr = c.lr;
    return o;
}

}  // namespace

ImageExperiment::ImageExperiment(const ImageConfig& config, const ImageSplit& data)
    : error_(validate(config)),
      config_(config),
      width_(image_side * image_side),
      max_rows_(chunk_rows(config)),
      net_(width_, widths(config), config.activation, max_rows_, Norm::none, image_classes),
      adam_(net_.params().size(), adam_options(config)),
      shuffle_rng_(config.seed ^ shuffle_stream) {
    if (error_.empty()) error_ = check_sizes(config, data);
    if (!error_.empty()) {
        status_ = Status::diverged;  // nothing to train; error() says why
        return;
    }
    train_x_ = scaled_pixels(data.train, std::size_t(config.n_train));
    test_x_ = scaled_pixels(data.test, std::size_t(config.n_test));
    train_y_ = float_labels(data.train, std::size_t(config.n_train));
    test_y_ = float_labels(data.test, std::size_t(config.n_test));
    net_.init(config.seed, config.init);
    net_.set_dropout(config.dropout, config.seed ^ dropout_stream);
    order_.resize(train_y_.size());
    xbuf_.assign(max_rows_ * width_, 0.0f);
    ybuf_.assign(max_rows_, 0.0f);
    dlogits_.assign(max_rows_ * image_classes, 0.0f);
}

bool ImageExperiment::train_batch(std::size_t first, std::size_t size) {
    const float scale = 1.0f / static_cast<float>(size);
    double sum = 0.0;
    for (std::size_t done = 0; done < size;) {
        const std::size_t rows = std::min(max_rows_, size - done);
        for (std::size_t r = 0; r < rows; ++r) {
            const std::size_t i = order_[first + done + r];
            std::copy_n(train_x_.data() + i * width_, width_, xbuf_.data() + r * width_);
            ybuf_[r] = train_y_[i];
        }
        const float* logits = net_.forward_train(xbuf_.data(), rows);
        sum +=
            softmax_ce_backward(logits, ybuf_.data(), rows, image_classes, scale, dlogits_.data());
        net_.backward(xbuf_.data(), dlogits_.data(), rows, done > 0);
        done += rows;
    }
    if (!std::isfinite(sum)) return false;
    adam_.step(net_.params().data(), net_.grads().data());
    net_.refresh();
    return true;
}

bool ImageExperiment::step() {
    if (status_ == Status::done || status_ == Status::diverged) return false;
    snapshot_ = net_.params();
    const Adam at_start = adam_;
    std::iota(order_.begin(), order_.end(), std::size_t{0});
    if (config_.shuffle) shuffle_rng_.shuffle(order_);
    const std::size_t n = order_.size(), batch = std::min<std::size_t>(config_.batch, n);
    bool finite = true;
    for (std::size_t first = 0; finite && first < n; first += batch)
        finite = train_batch(first, std::min(batch, n - first));
    const Metrics tr = evaluate(Subset::train), te = evaluate(Subset::test);
    if (!finite || !all_finite(net_.params().data(), net_.params().size()) ||
        !std::isfinite(tr.loss)) {
        net_.params() = snapshot_;
        net_.refresh();
        adam_ = at_start;
        status_ = Status::diverged;
        return false;
    }
    ++epoch_;
    history_.push_back({epoch_, tr.loss, tr.acc, te.loss, te.acc});
    status_ = epoch_ >= config_.epochs ? Status::done : Status::running;
    return true;
}

Metrics ImageExperiment::evaluate(Subset which) {
    const bool train = which == Subset::train;
    const std::vector<float>& x = train ? train_x_ : test_x_;
    const std::vector<float>& y = train ? train_y_ : test_y_;
    if (which == Subset::val || y.empty()) {
        const double nan = std::numeric_limits<double>::quiet_NaN();
        return {nan, nan};
    }
    double sum = 0.0;
    std::size_t correct = 0;
    for (std::size_t i = 0; i < y.size(); i += max_rows_) {
        const std::size_t rows = std::min(max_rows_, y.size() - i);
        const float* logits = net_.forward(x.data() + i * width_, rows);
        sum += softmax_ce_sum(logits, y.data() + i, rows, image_classes);
        correct += count_argmax_correct(logits, y.data() + i, rows, image_classes);
    }
    const double n = static_cast<double>(y.size());
    return {sum / n, static_cast<double>(correct) / n};
}

std::vector<ImagePrediction> ImageExperiment::predict_test(std::size_t first, std::size_t count) {
    std::vector<ImagePrediction> out;
    if (first > test_y_.size() || count > test_y_.size() - first) return out;
    out.reserve(count);
    for (std::size_t i = first; i < first + count; i += max_rows_) {
        const std::size_t rows = std::min(max_rows_, first + count - i);
        const float* logits = net_.forward(test_x_.data() + i * width_, rows);
        for (std::size_t r = 0; r < rows; ++r) {
            const float* z = logits + r * image_classes;
            const std::size_t guess = argmax_row(z, image_classes);
            out.push_back({static_cast<int>(test_y_[i + r]), static_cast<int>(guess),
                           softmax_probability(z, image_classes, guess)});
        }
    }
    return out;
}

std::vector<std::uint8_t> ImageExperiment::test_pixels(std::size_t i) const {
    std::vector<std::uint8_t> out;
    if (i >= test_y_.size()) return out;
    out.reserve(width_);
    // x = byte / 255 in float32: x · 255 rounds back to the byte.
    for (std::size_t j = 0; j < width_; ++j)
        out.push_back(static_cast<std::uint8_t>(std::lround(test_x_[i * width_ + j] * 255.0f)));
    return out;
}

std::string ImageExperiment::state_json() const { return state_dict_json(net_); }

std::string ImageExperiment::load_state_json(std::string_view text) {
    std::string e = load_state_dict_json(net_, text);
    if (!e.empty()) return e;
    adam_.reset();
    if (status_ == Status::diverged && error_.empty()) status_ = Status::running;
    return "";
}

}  // namespace al
