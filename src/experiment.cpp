#include "experiment.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <numeric>

#include "datasets.hpp"
#include "loss.hpp"
#include "split.hpp"
#include "state_dict.hpp"

namespace al {

namespace {

constexpr double nan = std::numeric_limits<double>::quiet_NaN();
constexpr std::uint32_t shuffle_stream = 0x5eed;  // seed ^ this seeds the batch order

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

}  // namespace

const char* status_name(Status s) {
    switch (s) {
        case Status::ready: return "ready";
        case Status::running: return "running";
        case Status::done: return "done";
        case Status::diverged: return "diverged";
    }
    return "?";
}

Experiment::Experiment(const Config& config)
    : error_(validate(config)),
      config_(error_.empty() ? config : default_config()),
      batch_(
          std::min<std::size_t>(static_cast<std::size_t>(config_.batch), set_sizes(config_).train)),
      // Evaluation passes use at least 256 rows per product (fewer, longer calls); training
      // batches above 512 rows are split into chunks.
      max_rows_(std::min<std::size_t>(512, std::max<std::size_t>(256, batch_))),
      net_(2, widths(config_), config_.activation, max_rows_, config_.norm),
      adam_(net_.params().size(), adam_options(config_)),
      shuffle_rng_(config_.seed ^ shuffle_stream),
      diagnostics_(set_sizes(config_).train) {
    const Points moons = make_data(config_.dataset, static_cast<std::size_t>(config_.n),
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
        train_ = gather(moons, tr);
        val_ = gather(moons, va);
    } else {
        train_ = gather(moons, split.train);
    }
    net_.init(config_.seed, config_.init);
    order_.resize(train_.size());
    xbuf_.assign(2 * max_rows_, 0.0f);
    ybuf_.assign(max_rows_, 0.0f);
    dlogits_.assign(max_rows_, 0.0f);
    snapshot_.assign(net_.params().size(), 0.0f);
}

void Experiment::update_status() {
    if (status_ == Status::diverged) return;
    status_ = epoch_ >= config_.epochs ? Status::done
              : epoch_ == 0            ? Status::ready
                                       : Status::running;
}

bool Experiment::train_epoch() {
    const std::size_t n = train_.size();
    std::iota(order_.begin(), order_.end(), std::size_t{0});
    if (config_.shuffle) shuffle_rng_.shuffle(order_);  // = rng.permutation(n), in place
    std::vector<float>& params = net_.params();
    for (std::size_t b0 = 0; b0 < n; b0 += batch_) {
        const std::size_t bsize = std::min(batch_, n - b0);
        const float scale = 1.0f / static_cast<float>(bsize);  // mean over the batch
        double loss = 0.0;
        for (std::size_t c0 = 0; c0 < bsize; c0 += max_rows_) {
            const std::size_t rows = std::min(max_rows_, bsize - c0);
            for (std::size_t r = 0; r < rows; ++r) {
                const std::size_t i = order_[b0 + c0 + r];
                xbuf_[2 * r] = train_.x[2 * i];
                xbuf_[2 * r + 1] = train_.x[2 * i + 1];
                ybuf_[r] = train_.y[i];
            }
            const float* logits = net_.forward_train(xbuf_.data(), rows);
            loss += bce_backward(logits, ybuf_.data(), rows, scale, dlogits_.data());
            net_.backward(xbuf_.data(), dlogits_.data(), rows,
                          c0 > 0);  // the first chunk overwrites
        }
        if (!std::isfinite(loss)) return false;
        adam_.step(params.data(), net_.grads().data());
        net_.refresh();
    }
    return all_finite(params.data(), params.size());
}

bool Experiment::step() {
    if (status_ == Status::done || status_ == Status::diverged) return false;
    snapshot_ = net_.params();  // same size: copies without allocating
    bool ok = train_epoch();
    EpochStats s{epoch_ + 1, nan, nan, nan, nan, 0, {}};
    if (ok) {
        Metrics tr;
        if (config_.diagnostics) {
            PassMetrics pm{nan, nan};
            s.layers = diagnostics_.run(net_, train_.x.data(), train_.y.data(), &pm);
            tr = {pm.loss, pm.acc};
        } else {
            tr = evaluate(Subset::train);
        }
        const Metrics va = evaluate(Subset::val);
        s.train_loss = tr.loss;
        s.train_acc = tr.acc;
        s.val_loss = va.loss;
        s.val_acc = va.acc;
        ok = std::isfinite(tr.loss) && (val_.size() == 0 || std::isfinite(va.loss));
    }
    if (!ok) {
        net_.params() = snapshot_;
        net_.refresh();
        status_ = Status::diverged;
        return false;
    }
    if (reached_95_ == 0 && s.train_acc >= 0.95) reached_95_ = s.epoch;
    s.reached_95 = reached_95_;
    history_.push_back(std::move(s));
    ++epoch_;
    update_status();
    return true;
}

const Dataset& Experiment::data(Subset which) const {
    return which == Subset::train ? train_ : which == Subset::val ? val_ : test_;
}

Metrics Experiment::evaluate(Subset which) {
    const Dataset& d = data(which);
    const std::size_t n = d.size();
    if (n == 0) return {nan, nan};
    double loss = 0.0;
    std::size_t correct = 0;
    for (std::size_t i0 = 0; i0 < n; i0 += max_rows_) {
        const std::size_t rows = std::min(max_rows_, n - i0);
        const float* logits = net_.forward(d.x.data() + 2 * i0, rows);
        loss += bce_sum(logits, d.y.data() + i0, rows);
        correct += count_correct(logits, d.y.data() + i0, rows);
    }
    return {loss / static_cast<double>(n), static_cast<double>(correct) / static_cast<double>(n)};
}

void Experiment::predict(const float* xy, std::size_t n, float* prob) {
    for (std::size_t i0 = 0; i0 < n; i0 += max_rows_) {
        const std::size_t rows = std::min(max_rows_, n - i0);
        const float* logits = net_.forward(xy + 2 * i0, rows);
        for (std::size_t r = 0; r < rows; ++r)
            prob[i0 + r] = static_cast<float>(sigmoid(logits[r]));
    }
}

void Experiment::grid_point(std::size_t k, std::size_t r, int nx, int ny, float xmin, float xmax,
                            float ymin, float ymax) {
    const float dx = nx > 1 ? (xmax - xmin) / static_cast<float>(nx - 1) : 0.0f;
    const float dy = ny > 1 ? (ymax - ymin) / static_cast<float>(ny - 1) : 0.0f;
    xbuf_[2 * r] = xmin + dx * static_cast<float>(k % static_cast<std::size_t>(nx));
    xbuf_[2 * r + 1] = ymin + dy * static_cast<float>(k / static_cast<std::size_t>(nx));
}

void Experiment::fill_grid(int nx, int ny, float xmin, float xmax, float ymin, float ymax,
                           float* out) {
    if (nx <= 0 || ny <= 0) return;
    const std::size_t total = static_cast<std::size_t>(nx) * static_cast<std::size_t>(ny);
    for (std::size_t k0 = 0; k0 < total; k0 += max_rows_) {
        const std::size_t rows = std::min(max_rows_, total - k0);
        for (std::size_t r = 0; r < rows; ++r)
            grid_point(k0 + r, r, nx, ny, xmin, xmax, ymin, ymax);
        predict(xbuf_.data(), rows, out + k0);  // rows ≤ max_rows_: one forward pass
    }
}

void Experiment::fill_pattern_grid(int nx, int ny, float xmin, float xmax, float ymin, float ymax,
                                   std::uint32_t* out) {
    if (nx <= 0 || ny <= 0) return;
    const std::size_t total = static_cast<std::size_t>(nx) * static_cast<std::size_t>(ny);
    for (std::size_t k0 = 0; k0 < total; k0 += max_rows_) {
        const std::size_t rows = std::min(max_rows_, total - k0);
        for (std::size_t r = 0; r < rows; ++r)
            grid_point(k0 + r, r, nx, ny, xmin, xmax, ymin, ymax);
        activation_patterns(net_, xbuf_.data(), rows, out + k0);
    }
}

std::vector<LayerStats> Experiment::diagnose() {
    return diagnostics_.run(net_, train_.x.data(), train_.y.data(), nullptr);
}

void Experiment::set_activation(Activation a) {
    net_.set_activation(a);
    config_.activation = a;
    adam_.reset();
}

std::string Experiment::state_json() const { return state_dict_json(net_); }

std::string Experiment::load_state_json(std::string_view text) {
    std::string e = load_state_dict_json(net_, text);
    if (!e.empty()) return e;
    adam_.reset();
    if (status_ == Status::diverged) status_ = Status::running;
    update_status();
    return "";
}

void Experiment::set_epochs(int epochs) {
    config_.epochs = std::clamp(epochs, static_cast<int>(limits::epochs.lo),
                                static_cast<int>(limits::epochs.hi));
    update_status();
}

}  // namespace al
