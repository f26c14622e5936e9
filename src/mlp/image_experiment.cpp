#include "mlp/image_experiment.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <numeric>

#include "mlp/softmax_loss.hpp"

namespace al {

namespace {

constexpr std::uint32_t dropout_stream = 0xd0;

// The first n images of s: pixels / 255 in float32, labels as floats.
Dataset scaled(const ImageSet& s, std::size_t n) {
    Dataset d;
    d.x.resize(n * s.width());
    for (std::size_t i = 0; i < d.x.size(); ++i) d.x[i] = static_cast<float>(s.pixels[i]) / 255.0f;
    d.y.assign(s.labels.begin(), s.labels.begin() + static_cast<std::ptrdiff_t>(n));
    return d;
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

Mlp make_net(const ImageConfig& c) {
    // A row costs about as many multiply-adds as there are parameters.
    const std::size_t rows = TrainingLoop::chunk_rows_for(double(image_parameter_count(c)),
                                                          static_cast<std::size_t>(c.batch));
    return Mlp(image_side * image_side, widths(c), c.activation, rows, Norm::none, image_classes);
}

}  // namespace

ImageExperiment::ImageExperiment(const ImageConfig& config, const ImageSplit& data)
    : error_(validate(config)),
      config_(config),
      loop_(make_net(config), adam_options(config),
            {static_cast<std::size_t>(config.batch), config.shuffle, config.seed, config.epochs}) {
    if (error_.empty()) error_ = check_sizes(config, data);
    if (!error_.empty()) {
        loop_.fail();  // nothing to train; error() says why
        return;
    }
    loop_.set_data(scaled(data.train, std::size_t(config.n_train)),
                   scaled(data.test, std::size_t(config.n_test)));
    loop_.net().init(config.seed, config.init);
    loop_.net().set_dropout(config.dropout, config.seed ^ dropout_stream);
}

bool ImageExperiment::advance(std::size_t budget) {
    if (!loop_.advance(budget)) return false;
    const EpochResult& r = loop_.last();
    history_.push_back({loop_.epoch(), r.train.loss, r.train.acc, r.held_out.loss, r.held_out.acc});
    return true;
}

Metrics ImageExperiment::evaluate(Subset which) {
    if (which == Subset::val) return EvalCursor{}.metrics();  // no validation set: NaN
    return loop_.evaluate(which == Subset::train ? loop_.train() : loop_.held_out());
}

std::vector<ImagePrediction> ImageExperiment::predict_test(std::size_t first, std::size_t count) {
    const Dataset& test = loop_.held_out();
    const std::size_t width = image_side * image_side, rows_max = loop_.chunk_rows();
    std::vector<ImagePrediction> out;
    if (first > test.size() || count > test.size() - first) return out;
    out.reserve(count);
    for (std::size_t i = first; i < first + count; i += rows_max) {
        const std::size_t rows = std::min(rows_max, first + count - i);
        const float* logits = loop_.net().forward(test.x.data() + i * width, rows);
        for (std::size_t r = 0; r < rows; ++r) {
            const float* z = logits + r * image_classes;
            const std::size_t guess = argmax_row(z, image_classes);
            out.push_back({static_cast<int>(test.y[i + r]), static_cast<int>(guess),
                           softmax_probability(z, image_classes, guess)});
        }
    }
    return out;
}

std::vector<std::uint8_t> ImageExperiment::test_pixels(std::size_t i) const {
    const Dataset& test = loop_.held_out();
    const std::size_t width = image_side * image_side;
    std::vector<std::uint8_t> out;
    if (i >= test.size()) return out;
    out.reserve(width);
    // x = byte / 255 in float32: x · 255 rounds back to the byte.
    for (std::size_t j = 0; j < width; ++j)
        out.push_back(static_cast<std::uint8_t>(std::lround(test.x[i * width + j] * 255.0f)));
    return out;
}

}  // namespace al
