#include "mlp/experiment.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <numeric>
#include <utility>

#include "mlp/datasets.hpp"
#include "mlp/loss.hpp"
#include "mlp/split.hpp"
#include "mlp/state_dict.hpp"

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

// Evaluation passes use at least 256 rows per product (fewer, longer calls); training batches
// above 512 rows are split into chunks; and a chunk holds at most chunk_work multiply-adds.
std::size_t chunk_rows_for(const Config& c, std::size_t batch) {
    double per_row = 0;
    int in = 2;
    for (int w : c.hidden) per_row += double(in) * w, in = w;
    per_row += in;
    const double cap = std::max(1.0, std::floor(Experiment::chunk_work / per_row));
    const std::size_t rows = std::min<std::size_t>(512, std::max<std::size_t>(256, batch));
    return std::min(rows, static_cast<std::size_t>(std::min(cap, 512.0)));
}

}  // namespace

Experiment::Experiment(const Config& config)
    : error_(validate(config)),
      config_(error_.empty() ? config : default_config()),
      batch_(
          std::min<std::size_t>(static_cast<std::size_t>(config_.batch), set_sizes(config_).train)),
      max_rows_(chunk_rows_for(config_, batch_)),
      net_(2, widths(config_), config_.activation, max_rows_, config_.norm),
      adam_(net_.params().size(), adam_options(config_)),
      shuffle_rng_(config_.seed ^ shuffle_stream),
      diagnostics_(set_sizes(config_).train),
      adam_at_start_(adam_) {
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

void Experiment::begin_epoch() {
    snapshot_ = net_.params();  // same sizes: these copies do not allocate
    adam_at_start_ = adam_;
    if (!order_kept_) {
        std::iota(order_.begin(), order_.end(), std::size_t{0});
        if (config_.shuffle) shuffle_rng_.shuffle(order_);  // = rng.permutation(n), in place
    }
    order_kept_ = false;
    phase_ = Phase::train;
    next_ = in_batch_ = work_done_ = 0;
    sum_ = 0.0;
    if (config_.diagnostics) diagnostics_.begin_epoch(net_);
    pending_ = EpochStats{epoch_ + 1, nan, nan, nan, nan, 0, {}};
}

void Experiment::diverge() {
    net_.params() = snapshot_;
    net_.refresh();
    adam_ = adam_at_start_;
    phase_ = Phase::idle;
    work_done_ = 0;
    status_ = Status::diverged;
}

void Experiment::cancel_epoch() {
    if (phase_ == Phase::idle) return;
    net_.params() = snapshot_;
    net_.refresh();
    adam_ = adam_at_start_;
    phase_ = Phase::idle;
    work_done_ = 0;
    order_kept_ = true;  // the epoch, when it starts again, takes the same order
}

// One chunk of the current batch; after the batch's last chunk, Adam's update.
std::size_t Experiment::train_chunk() {
    const std::size_t bsize = std::min(batch_, train_.size() - next_);
    const float scale = 1.0f / static_cast<float>(bsize);  // mean over the batch
    const std::size_t rows = std::min(max_rows_, bsize - in_batch_);
    for (std::size_t r = 0; r < rows; ++r) {
        const std::size_t i = order_[next_ + in_batch_ + r];
        xbuf_[2 * r] = train_.x[2 * i];
        xbuf_[2 * r + 1] = train_.x[2 * i + 1];
        ybuf_[r] = train_.y[i];
    }
    const float* logits = net_.forward_train(xbuf_.data(), rows);
    sum_ += bce_backward(logits, ybuf_.data(), rows, scale, dlogits_.data());
    net_.backward(xbuf_.data(), dlogits_.data(), rows, in_batch_ > 0);  // the first overwrites
    in_batch_ += rows;
    if (in_batch_ == bsize) {
        if (!std::isfinite(sum_)) return diverge(), rows;
        if (config_.diagnostics) diagnostics_.add_batch(net_, bsize);
        adam_.step(net_.params().data(), net_.grads().data());
        net_.refresh();
        next_ += bsize;
        in_batch_ = 0;
        sum_ = 0.0;
    }
    return rows;
}

Metrics Experiment::EvalCursor::metrics() const {
    if (size == 0) return {nan, nan};
    return {sum / static_cast<double>(size),
            static_cast<double>(correct) / static_cast<double>(size)};
}

bool Experiment::evaluate_some(EvalCursor& c, std::size_t budget) {
    eval_rows(c, budget);
    return c.next == c.size;
}

std::size_t Experiment::eval_rows(EvalCursor& c, std::size_t budget, LayerObserver* observer) {
    const Dataset& d = data(c.which);
    c.size = d.size();
    std::size_t used = 0;
    while (c.next < c.size && (used == 0 || used < budget)) {
        const std::size_t rows = std::min(max_rows_, c.size - c.next);
        const float* logits = net_.forward(d.x.data() + 2 * c.next, rows, observer);
        c.sum += bce_sum(logits, d.y.data() + c.next, rows);
        c.correct += count_correct(logits, d.y.data() + c.next, rows);
        c.next += rows;
        used += rows;
    }
    return used;
}

bool Experiment::advance(std::size_t budget) {
    if (status_ == Status::done || status_ == Status::diverged) return false;
    if (phase_ == Phase::idle) begin_epoch();
    const std::size_t start = work_done_;
    // At least one chunk per call, then chunks while the budget lasts.
    while (work_done_ == start || work_done_ - start < budget) {
        const std::size_t left = budget - std::min(budget, work_done_ - start);
        if (phase_ == Phase::train) {
            if (next_ < train_.size()) {
                work_done_ += train_chunk();
                if (status_ == Status::diverged) return false;
                continue;
            }
            if (!all_finite(net_.params().data(), net_.params().size())) return diverge(), false;
            phase_ = Phase::eval_train;
            eval_ = EvalCursor{Subset::train};
            if (config_.diagnostics) diagnostics_.start_pass(net_);
        } else if (phase_ == Phase::eval_train) {
            // With diagnostics, this pass also gathers the layers' statistics.
            work_done_ +=
                eval_rows(eval_, left, config_.diagnostics ? &diagnostics_.pass() : nullptr);
            if (eval_.next < eval_.size) continue;
            const Metrics m = eval_.metrics();
            if (config_.diagnostics)
                pending_.layers = diagnostics_.end_epoch(net_, train_.x.data());
            if (!std::isfinite(m.loss)) return diverge(), false;
            pending_.train_loss = m.loss;
            pending_.train_acc = m.acc;
            phase_ = Phase::eval_val;
            eval_ = EvalCursor{Subset::val};
        } else {
            work_done_ += eval_rows(eval_, left);
            if (eval_.next < eval_.size) continue;
            const Metrics m = eval_.metrics();
            if (val_.size() > 0 && !std::isfinite(m.loss)) return diverge(), false;
            pending_.val_loss = m.loss;
            pending_.val_acc = m.acc;
            if (reached_95_ == 0 && pending_.train_acc >= 0.95) reached_95_ = pending_.epoch;
            pending_.reached_95 = reached_95_;
            history_.push_back(std::move(pending_));
            ++epoch_;
            phase_ = Phase::idle;
            work_done_ = 0;
            update_status();
            return true;
        }
    }
    return false;
}

bool Experiment::step() {
    while (status_ != Status::done && status_ != Status::diverged) {
        if (advance(std::numeric_limits<std::size_t>::max())) return true;
    }
    return false;
}

const Dataset& Experiment::data(Subset which) const {
    return which == Subset::train ? train_ : which == Subset::val ? val_ : test_;
}

Metrics Experiment::evaluate(Subset which) {
    EvalCursor c{which};
    evaluate_some(c, std::numeric_limits<std::size_t>::max());
    return c.metrics();
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
    for (std::size_t k0 = first; k0 < total; k0 += max_rows_) {
        const std::size_t rows = std::min(max_rows_, total - k0);
        for (std::size_t r = 0; r < rows; ++r)
            grid_point(k0 + r, r, nx, ny, xmin, xmax, ymin, ymax);
        predict(xbuf_.data(), rows, out + k0);  // rows ≤ max_rows_: one forward pass
    }
}

void Experiment::fill_neuron_maps(std::size_t layer, int nx, int ny, float xmin, float xmax,
                                  float ymin, float ymax, float* out, std::size_t first,
                                  std::size_t count) {
    if (nx <= 0 || ny <= 0 || layer >= net_.num_hidden()) return;
    const std::size_t cells = static_cast<std::size_t>(nx) * static_cast<std::size_t>(ny);
    if (first >= cells) return;
    const std::size_t total = first + std::min(count, cells - first);
    const std::size_t width = net_.layer(layer).out();
    for (std::size_t k0 = first; k0 < total; k0 += max_rows_) {
        const std::size_t rows = std::min(max_rows_, total - k0);
        for (std::size_t r = 0; r < rows; ++r)
            grid_point(k0 + r, r, nx, ny, xmin, xmax, ymin, ymax);
        const float* h = net_.hidden_output(xbuf_.data(), rows, layer);  // rows × width
        for (std::size_t u = 0; u < width; ++u) {
            float* map = out + u * cells + k0;
            for (std::size_t r = 0; r < rows; ++r) map[r] = h[r * width + u];
        }
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
    cancel_epoch();  // its pass overwrites the gradients a half-done batch may hold
    return diagnostics_.run(net_, train_.x.data(), train_.y.data(), nullptr);
}

void Experiment::set_activation(Activation a) {
    cancel_epoch();
    net_.set_activation(a);
    config_.activation = a;
    adam_.reset();
}

std::string Experiment::state_json() const { return state_dict_json(net_); }

std::string Experiment::load_state_json(std::string_view text) {
    std::string e = load_state_dict_json(net_, text);
    if (!e.empty()) return e;
    // A partly trained epoch is dropped (the weights it moved are gone); it restarts in its order.
    if (phase_ != Phase::idle) order_kept_ = true;
    phase_ = Phase::idle;
    work_done_ = 0;
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
