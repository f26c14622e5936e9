#include "mlp/training_loop.hpp"

#include <algorithm>
#include <cmath>
#include <numeric>
#include <utility>

#include "math_constants.hpp"
#include "mlp/loss.hpp"
#include "mlp/softmax_loss.hpp"
#include "mlp/state_dict.hpp"

namespace al {

namespace {

constexpr std::uint32_t shuffle_stream = 0x5eed;  // seed ^ this seeds the batch order

// The loss of `rows` rows of k logits each: one logit, BCE; more, softmax cross-entropy.
double loss_sum(const float* z, const float* y, std::size_t rows, std::size_t k) {
    return k == 1 ? bce_sum(z, y, rows) : softmax_ce_sum(z, y, rows, k);
}
double loss_backward(const float* z, const float* y, std::size_t rows, std::size_t k, float scale,
                     float* dz) {
    return k == 1 ? bce_backward(z, y, rows, scale, dz)
                  : softmax_ce_backward(z, y, rows, k, scale, dz);
}
std::size_t correct(const float* z, const float* y, std::size_t rows, std::size_t k) {
    return k == 1 ? count_correct(z, y, rows) : count_argmax_correct(z, y, rows, k);
}

}  // namespace

std::size_t TrainingLoop::chunk_rows_for(double work_per_row, std::size_t batch) {
    const double cap = std::max(1.0, std::floor(chunk_work / work_per_row));
    const std::size_t rows = std::min<std::size_t>(512, std::max<std::size_t>(256, batch));
    return std::min(rows, static_cast<std::size_t>(std::min(cap, 512.0)));
}

Metrics EvalCursor::metrics() const {
    if (size == 0) return {kNaN, kNaN};
    return {sum / static_cast<double>(size),
            static_cast<double>(correct) / static_cast<double>(size)};
}

TrainingLoop::TrainingLoop(Mlp net, const AdamOptions& adam, const LoopOptions& options)
    : net_(std::move(net)),
      adam_(net_.params().size(), adam),
      adam_at_start_(adam_),
      shuffle_rng_(options.seed ^ shuffle_stream),
      options_(options) {
    const std::size_t rows = net_.max_rows();
    xbuf_.assign(rows * net_.inputs(), 0.0f);
    ybuf_.assign(rows, 0.0f);
    dlogits_.assign(rows * net_.outputs(), 0.0f);
    snapshot_.assign(net_.params().size(), 0.0f);
}

void TrainingLoop::set_data(Dataset train, Dataset held_out) {
    train_ = std::move(train);
    held_out_ = std::move(held_out);
    batch_ = std::min(options_.batch, train_.size());
    order_.resize(train_.size());
    diagnostics_.emplace(train_.size());
}

void TrainingLoop::update_status() {
    if (status_ == Status::diverged) return;
    status_ = epoch_ >= options_.epochs ? Status::done
              : epoch_ == 0             ? Status::ready
                                        : Status::running;
}

void TrainingLoop::set_epochs(int epochs) {
    options_.epochs = epochs;
    update_status();
}

void TrainingLoop::begin_epoch() {
    snapshot_ = net_.params();  // same sizes: these copies do not allocate
    adam_at_start_ = adam_;
    if (!order_kept_) {
        std::iota(order_.begin(), order_.end(), std::size_t{0});
        if (options_.shuffle) shuffle_rng_.shuffle(order_);  // = rng.permutation(n), in place
    }
    order_kept_ = false;
    phase_ = Phase::train;
    next_ = in_batch_ = work_done_ = 0;
    sum_ = 0.0;
    if (options_.diagnostics) diagnostics_->begin_epoch(net_);
    last_ = EpochResult{{kNaN, kNaN}, {kNaN, kNaN}, {}};
}

void TrainingLoop::restore() {
    net_.params() = snapshot_;
    net_.refresh();
    adam_ = adam_at_start_;
    phase_ = Phase::idle;
    work_done_ = 0;
}

void TrainingLoop::diverge() {
    restore();
    status_ = Status::diverged;
}

void TrainingLoop::cancel_epoch() {
    if (phase_ == Phase::idle) return;
    restore();
    order_kept_ = true;
}

// One chunk of the current batch; after the batch's last chunk, Adam's update.
std::size_t TrainingLoop::train_chunk() {
    const std::size_t width = net_.inputs(), k = net_.outputs();
    const std::size_t bsize = std::min(batch_, train_.size() - next_);
    const float scale = 1.0f / static_cast<float>(bsize);  // mean over the batch
    const std::size_t rows = std::min(net_.max_rows(), bsize - in_batch_);
    for (std::size_t r = 0; r < rows; ++r) {
        const std::size_t i = order_[next_ + in_batch_ + r];
        std::copy_n(train_.x.data() + i * width, width, xbuf_.data() + r * width);
        ybuf_[r] = train_.y[i];
    }
    const float* logits = net_.forward_train(xbuf_.data(), rows);
    sum_ += loss_backward(logits, ybuf_.data(), rows, k, scale, dlogits_.data());
    net_.backward(xbuf_.data(), dlogits_.data(), rows, in_batch_ > 0);  // the first overwrites
    in_batch_ += rows;
    if (in_batch_ == bsize) {
        if (!std::isfinite(sum_)) return diverge(), rows;
        if (options_.diagnostics) diagnostics_->add_batch(net_, bsize);
        adam_.step(net_.params().data(), net_.grads().data());
        net_.refresh();
        next_ += bsize;
        in_batch_ = 0;
        sum_ = 0.0;
    }
    return rows;
}

bool TrainingLoop::evaluate_some(const Dataset& d, EvalCursor& c, std::size_t budget,
                                 LayerObserver* observer) {
    const std::size_t width = net_.inputs(), k = net_.outputs();
    c.size = d.size();
    for (std::size_t used = 0; c.next < c.size && (used == 0 || used < budget);) {
        const std::size_t rows = std::min(net_.max_rows(), c.size - c.next);
        const float* logits = net_.forward(d.x.data() + width * c.next, rows, observer);
        c.sum += loss_sum(logits, d.y.data() + c.next, rows, k);
        c.correct += correct(logits, d.y.data() + c.next, rows, k);
        c.next += rows;
        used += rows;
    }
    return c.next == c.size;
}

Metrics TrainingLoop::evaluate(const Dataset& d) {
    EvalCursor c;
    evaluate_some(d, c, SIZE_MAX);
    return c.metrics();
}

bool TrainingLoop::advance(std::size_t budget) {
    if (status_ == Status::done || status_ == Status::diverged) return false;
    if (phase_ == Phase::idle) begin_epoch();
    const std::size_t start = work_done_;
    // At least one chunk per call, then chunks while the budget lasts.
    while (work_done_ == start || work_done_ - start < budget) {
        if (phase_ == Phase::train) {
            if (next_ < train_.size()) {
                work_done_ += train_chunk();
                if (status_ == Status::diverged) return false;
                continue;
            }
            if (!all_finite(net_.params().data(), net_.params().size())) return diverge(), false;
            phase_ = Phase::eval_train;
            eval_ = EvalCursor{};
            if (options_.diagnostics) diagnostics_->start_pass(net_);
            continue;
        }
        // The evaluation passes: the training set (with diagnostics, it also gathers the layers'
        // statistics), then the held-out set.
        const bool on_train = phase_ == Phase::eval_train,
                   observed = on_train && options_.diagnostics;
        const Dataset& d = on_train ? train_ : held_out_;
        const std::size_t before = eval_.next;
        const bool finished = evaluate_some(d, eval_, budget - std::min(budget, work_done_ - start),
                                            observed ? &diagnostics_->pass() : nullptr);
        work_done_ += eval_.next - before;
        if (!finished) continue;
        (on_train ? last_.train : last_.held_out) = eval_.metrics();
        if (observed) last_.layers = diagnostics_->end_epoch(net_, train_.x.data());
        if (d.size() > 0 && !std::isfinite(eval_.metrics().loss)) return diverge(), false;
        eval_ = EvalCursor{};
        if (on_train) {
            phase_ = Phase::eval_held_out;
            continue;
        }
        ++epoch_;
        phase_ = Phase::idle;
        work_done_ = 0;
        update_status();
        return true;
    }
    return false;
}

std::string TrainingLoop::state_json() const { return state_dict_json(net_); }

std::string TrainingLoop::load_state_json(std::string_view text) {
    std::string e = load_state_dict_json(net_, text);
    if (!e.empty()) return e;
    // A partly trained epoch is dropped (the weights it moved are gone); it restarts in its order.
    if (phase_ != Phase::idle) order_kept_ = true;
    phase_ = Phase::idle;
    work_done_ = 0;
    adam_.reset();
    if (status_ == Status::diverged && !failed_) status_ = Status::running;
    update_status();
    return "";
}

}  // namespace al
