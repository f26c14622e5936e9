#include "mlp/experiment.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <numeric>
#include <utility>

#include "matrix.hpp"
#include "mlp/datasets.hpp"
#include "mlp/loss.hpp"
#include "mlp/split.hpp"

namespace al {

namespace {

std::vector<std::size_t> widths(const Config& c) {
    return std::vector<std::size_t>(c.hidden.begin(), c.hidden.end());
}

AdamOptions adam_options(const Config& c) {
    AdamOptions o;
    o.lr = c.lr;
    o.weight_decay = c.weight_decay;
    return o;
}

Dataset gather(const Points& m, const std::vector<std::size_t>& idx) {
    Dataset d;
    d.x.reserve(2 * idx.size());
    d.y.reserve(idx.size());
    for (std::size_t i : idx) {
        d.x.push_back(static_cast<float>(m.x[2 * i]));
        d.x.push_back(static_cast<float>(m.x[2 * i + 1]));
        d.y.push_back(static_cast<float>(m.y[i]));
    }
    return d;
}

// The multiply-adds of a row through the network (TrainingLoop::chunk_rows_for).
double work_per_row(const Config& c) {
    double per_row = 0;
    int in = 2;
    for (int w : c.hidden) per_row += double(in) * w, in = w;
    return per_row + in;
}

Mlp make_net(const Config& c) {
    const std::size_t batch =
        std::min<std::size_t>(static_cast<std::size_t>(c.batch), set_sizes(c).train);
    return Mlp(2, widths(c), c.activation, TrainingLoop::chunk_rows_for(work_per_row(c), batch),
               c.norm);
}

LoopOptions loop_options(const Config& c) {
    return {static_cast<std::size_t>(c.batch), c.shuffle, c.seed, c.epochs, c.diagnostics};
}

}  // namespace

Experiment::Experiment(const Config& config)
    : error_(validate(config)),
      config_(error_.empty() ? config : default_config()),
      loop_(make_net(config_), adam_options(config_), loop_options(config_)) {
    const Points moons = config_.dataset == DataSet::custom
                             ? config_.points
                             : make_data(config_.dataset, static_cast<std::size_t>(config_.n),
                                         config_.noise, config_.factor, config_.data_seed);
    const Split split = train_test_split(static_cast<std::size_t>(config_.n), config_.test_fraction,
                                         config_.data_seed);
    test_ = gather(moons, split.test);
    if (config_.val_fraction > 0) {
        const Split inner = train_test_split(split.train.size(),
                                             config_.val_fraction / (1.0 - config_.test_fraction),
                                             config_.data_seed);
        std::vector<std::size_t> tr, va;
        for (std::size_t p : inner.train) tr.push_back(split.train[p]);
        for (std::size_t p : inner.test) va.push_back(split.train[p]);
        loop_.set_data(gather(moons, tr), gather(moons, va));
    } else {
        loop_.set_data(gather(moons, split.train), Dataset{});
    }
    loop_.net().init(config_.seed, config_.init);
    xbuf_.assign(2 * loop_.chunk_rows(), 0.0f);
}

bool Experiment::advance(std::size_t budget) {
    if (!loop_.advance(budget)) return false;
    const EpochResult& r = loop_.last();
    const int epoch = loop_.epoch();
    if (reached_95_ == 0 && r.train.acc >= 0.95) reached_95_ = epoch;
    history_.push_back(EpochStats{epoch, r.train.loss, r.train.acc, r.held_out.loss, r.held_out.acc,
                                  reached_95_, r.layers});
    return true;
}

const Dataset& Experiment::data(Subset which) const {
    return which == Subset::train ? loop_.train() : which == Subset::val ? loop_.held_out() : test_;
}

Metrics Experiment::evaluate(Subset which) { return loop_.evaluate(data(which)); }

void Experiment::predict(const float* xy, std::size_t n, float* prob) {
    for (std::size_t i0 = 0; i0 < n; i0 += chunk_rows()) {
        const std::size_t rows = std::min(chunk_rows(), n - i0);
        const float* logits = loop_.net().forward(xy + 2 * i0, rows);
        for (std::size_t r = 0; r < rows; ++r)
            prob[i0 + r] = static_cast<float>(sigmoid(logits[r]));
    }
}

void Experiment::grid_point(std::size_t k, std::size_t r, int nx, int ny, float xmin, float xmax,
                            float ymin, float ymax) {
    const float dx = nx > 1 ? (xmax - xmin) / static_cast<float>(nx - 1) : 0.0f;
    const float dy = ny > 1 ? (ymax - ymin) / static_cast<float>(ny - 1) : 0.0f;
    const auto width = static_cast<std::size_t>(nx);
    const std::size_t row = k / width, col = k % width;  // whole cells: integer division
    xbuf_[2 * r] = xmin + dx * static_cast<float>(col);
    xbuf_[2 * r + 1] = ymin + dy * static_cast<float>(row);
}

void Experiment::fill_grid(int nx, int ny, float xmin, float xmax, float ymin, float ymax,
                           float* out, std::size_t first, std::size_t count) {
    if (nx <= 0 || ny <= 0) return;
    const std::size_t cells = static_cast<std::size_t>(nx) * static_cast<std::size_t>(ny);
    if (first >= cells) return;
    const std::size_t total = first + std::min(count, cells - first);
    for (std::size_t k0 = first; k0 < total; k0 += chunk_rows()) {
        const std::size_t rows = std::min(chunk_rows(), total - k0);
        for (std::size_t r = 0; r < rows; ++r)
            grid_point(k0 + r, r, nx, ny, xmin, xmax, ymin, ymax);
        predict(xbuf_.data(), rows, out + k0);  // rows ≤ chunk_rows(): one forward pass
    }
}

void Experiment::fill_neuron_maps(std::size_t layer, int nx, int ny, float xmin, float xmax,
                                  float ymin, float ymax, float* out, std::size_t first,
                                  std::size_t count) {
    if (nx <= 0 || ny <= 0 || layer >= loop_.net().num_hidden()) return;
    const std::size_t cells = static_cast<std::size_t>(nx) * static_cast<std::size_t>(ny);
    if (first >= cells) return;
    const std::size_t total = first + std::min(count, cells - first);
    const std::size_t width = loop_.net().layer(layer).out();
    for (std::size_t k0 = first; k0 < total; k0 += chunk_rows()) {
        const std::size_t rows = std::min(chunk_rows(), total - k0);
        for (std::size_t r = 0; r < rows; ++r)
            grid_point(k0 + r, r, nx, ny, xmin, xmax, ymin, ymax);
        const float* h = loop_.net().hidden_output(xbuf_.data(), rows, layer);  // rows × width
        transpose(h, rows, width, width, out + k0, cells);  // unit u's cells start at out + u·cells
    }
}

void Experiment::fill_pattern_grid(int nx, int ny, float xmin, float xmax, float ymin, float ymax,
                                   std::uint32_t* out) {
    if (nx <= 0 || ny <= 0) return;
    const std::size_t total = static_cast<std::size_t>(nx) * static_cast<std::size_t>(ny);
    for (std::size_t k0 = 0; k0 < total; k0 += chunk_rows()) {
        const std::size_t rows = std::min(chunk_rows(), total - k0);
        for (std::size_t r = 0; r < rows; ++r)
            grid_point(k0 + r, r, nx, ny, xmin, xmax, ymin, ymax);
        activation_patterns(loop_.net(), xbuf_.data(), rows, out + k0);
    }
}

std::vector<LayerStats> Experiment::diagnose() {
    cancel_epoch();  // its pass overwrites the gradients a half-done batch may hold
    return loop_.diagnostics().run(loop_.net(), loop_.train().x.data(), loop_.train().y.data(),
                                   nullptr);
}

void Experiment::set_activation(Activation a) {
    cancel_epoch();
    loop_.net().set_activation(a);
    config_.activation = a;
    loop_.reset_optimizer();
}

void Experiment::set_epochs(int epochs) {
    config_.epochs = std::clamp(epochs, static_cast<int>(limits::epochs.lo),
                                static_cast<int>(limits::epochs.hi));
    loop_.set_epochs(config_.epochs);
}

}  // namespace al
