#include "lm/lm_experiment.hpp"

#include <algorithm>
#include <cmath>

#include "lm/lm_safetensors.hpp"
#include "lm/lm_state.hpp"
#include "math_constants.hpp"
#include "matrix.hpp"
#include "sum4.hpp"
#include "text_input.hpp"
#include "utf8.hpp"

namespace al::lm {

namespace {
std::string range_error(const char* what, double x, const Range& r) {
    const bool ok =
        (r.lo_open ? x > r.lo : x >= r.lo) && x <= r.hi && (!r.integer || std::floor(x) == x);
    if (ok) return "";
    std::string got;
    json::write_number(got, x);
    return std::string(what) + " must be " + describe_range(r) + " (got " +
           (got == "null" ? "a non-finite number" : got) + ")";
}
}  // namespace

LmExperiment::LmExperiment(const LmConfig& config, std::string_view text)
    : config_(config), corpus_(text, config.ctx, max_vocab), batch_rng_(config.seed ^ 0x5eedu) {
    error_ = validate(config_);
    if (error_.empty()) error_ = corpus_.error();
    if (error_.empty()) error_ = validate(config_, corpus_.vocab_size());
    if (!error_.empty()) {
        status_ = LmStatus::invalid;
        return;
    }
    model_ = std::make_unique<Model>(config_, corpus_.vocab_size());
    model_->init(config_.seed, config_.init);
    AdamOptions o;
    o.lr = config_.lr;
    o.beta1 = config_.beta1;
    o.beta2 = config_.beta2;
    o.weight_decay = config_.weight_decay;
    o.decoupled = true;
    adam_ = std::make_unique<Adam>(model_->params().size(), o);
    const std::size_t n = static_cast<std::size_t>(config_.batch) * config_.ctx;
    inputs_.resize(n);
    targets_.resize(n);
    train_windows_ = Corpus::window_starts(corpus_.train().size(), config_.ctx, eval_windows);
    val_windows_ = Corpus::window_starts(corpus_.val().size(), config_.ctx, eval_windows);
}

double LmExperiment::lr_at(int s) const {
    if (constant_lr_ > 0) return constant_lr_;
    const LmConfig& c = config_;
    if (s < c.warmup) return c.lr * (s + 1) / c.warmup;
    const double t = static_cast<double>(s - c.warmup) / std::max(1, c.steps - c.warmup);
    return c.lr * (c.lr_floor + (1 - c.lr_floor) * 0.5 * (1 + std::cos(kPi * t)));
}

bool LmExperiment::train_one() {
    Model& m = *model_;
    corpus_.batch(batch_rng_, config_.batch, config_.ctx, inputs_.data(), targets_.data());
    const double loss = m.forward(inputs_.data(), targets_.data(), config_.batch, config_.ctx);
    if (!std::isfinite(loss)) return false;
    m.backward();
    std::vector<float>& g = m.grads();
    if (config_.clip > 0) {
        // clip_grad_norm_: scale by clip / (‖g‖ + 1e-6) when that is below 1.
        const double sq = sum4(g.size(), [&g](std::size_t i) { return double(g[i]) * g[i]; });
        const float norm = static_cast<float>(std::sqrt(sq));
        const float coef = static_cast<float>(config_.clip) / (norm + 1e-6f);
        if (coef < 1.0f)
            for (float& x : g) x *= coef;
    }
    snapshot_ = m.params();
    adam_->set_lr(lr_at(step_));
    adam_->step(m.params().data(), g.data());
    if (!all_finite(m.params().data(), m.params().size())) {
        m.params() = snapshot_;
        return false;
    }
    m.refresh();
    return true;
}

bool LmExperiment::step(int max_steps) {
    if (status_ == LmStatus::invalid || status_ == LmStatus::diverged) return false;
    if (step_ >= config_.steps) return false;
    if (history_.empty()) history_.push_back(evaluate());
    for (int k = 0; k < max_steps && step_ < config_.steps; ++k) {
        if (!train_one()) {
            status_ = LmStatus::diverged;
            return false;
        }
        ++step_;
        if (step_ % config_.eval_every == 0 || step_ == config_.steps)
            history_.push_back(evaluate());
    }
    update_status();
    return true;
}

void LmExperiment::update_status() {
    if (status_ == LmStatus::invalid || status_ == LmStatus::diverged) return;
    status_ = step_ >= config_.steps ? LmStatus::done
              : step_ > 0            ? LmStatus::running
                                     : LmStatus::ready;
}

double LmExperiment::split_loss(const std::vector<int>& split, const std::vector<int>& starts,
                                const ChunkReader& seen) {
    const std::size_t ctx = config_.ctx, chunk = config_.batch;
    double total = 0;
    for (std::size_t w0 = 0; w0 < starts.size(); w0 += chunk) {
        const std::size_t rows = std::min(chunk, starts.size() - w0);
        for (std::size_t r = 0; r < rows; ++r)
            for (std::size_t t = 0; t < ctx; ++t) {
                const std::size_t s = static_cast<std::size_t>(starts[w0 + r]) + t;
                inputs_[r * ctx + t] = split[s];
                targets_[r * ctx + t] = split[s + 1];
            }
        total += model_->forward(inputs_.data(), targets_.data(), rows, ctx, false) *
                 static_cast<double>(rows);
        if (seen) seen(*model_);
    }
    return total / static_cast<double>(starts.size());
}

LmEval LmExperiment::evaluate() {
    if (!model_) return {step_, NAN, NAN};
    return {step_, split_loss(corpus_.train(), train_windows_),
            split_loss(corpus_.val(), val_windows_)};
}

double LmExperiment::val_loss_with(FfnAct a, const ChunkReader& seen) {
    if (!model_ || is_gated(a) != is_gated(config_.act)) return NAN;
    model_->set_act(a);
    const double loss = split_loss(corpus_.val(), val_windows_, seen);
    model_->set_act(config_.act);
    return loss;
}

std::string LmExperiment::unknown_characters(std::string_view prompt) const {
    constexpr std::size_t shown = 20;  // a hostile prompt cannot make a long message
    std::vector<std::uint32_t> unknown;
    std::size_t count = 0;
    for (const std::uint32_t cp : utf8::decode_lossy(prompt)) {
        if (corpus_.token_of(cp) >= 0 ||
            std::find(unknown.begin(), unknown.end(), cp) != unknown.end())
            continue;
        if (unknown.size() < shown) unknown.push_back(cp);
        ++count;
    }
    if (unknown.empty()) return "";
    std::string list;
    for (const std::uint32_t cp : unknown) {
        if (!list.empty()) list += ' ';
        utf8::append(list, cp);
    }
    std::string message = "prompt: the model never saw these characters: " + escape_input(list);
    if (count > shown) message += " \xE2\x80\xA6 (" + std::to_string(count) + " in all)";
    return message;
}

std::string LmExperiment::sample(std::string_view prompt, double n, double temperature, double seed,
                                 std::string& error) {
    error = range_error("n", n, limits::lm::sample_chars);
    if (error.empty()) error = range_error("temperature", temperature, limits::lm::temperature);
    if (error.empty()) error = range_error("seed", seed, limits::lm::seed);
    if (error.empty() && !model_) error = "the experiment is invalid: " + error_;
    if (error.empty()) error = unknown_characters(prompt);
    if (!error.empty()) return "";
    std::vector<int> tokens = corpus_.encode(prompt);
    if (tokens.empty()) tokens.push_back(std::max(0, corpus_.token_of('\n')));
    RandomState rng(static_cast<std::uint32_t>(seed));
    const std::size_t V = corpus_.vocab_size(), ctx = config_.ctx;
    std::vector<int> out;
    std::vector<double> p(V);
    for (int i = 0; i < static_cast<int>(n); ++i) {
        const std::size_t t = std::min(ctx, tokens.size());
        model_->forward(tokens.data() + tokens.size() - t, nullptr, 1, t);
        const float* logits = model_->logits() + (t - 1) * V;
        const std::size_t best =
            static_cast<std::size_t>(std::max_element(logits, logits + V) - logits);
        std::size_t pick = best;
        if (temperature > 0) {
            double sum = 0;
            for (std::size_t j = 0; j < V; ++j)
                sum += p[j] = std::exp((logits[j] - logits[best]) / temperature);
            double u = rng.random_sample() * sum;
            for (pick = 0; pick + 1 < V && u >= p[pick]; ++pick) u -= p[pick];
        }
        tokens.push_back(static_cast<int>(pick));
        out.push_back(static_cast<int>(pick));
    }
    return corpus_.decode(out);
}

std::string LmExperiment::set_activation(FfnAct a) {
    if (!model_) return "the experiment is invalid: " + error_;
    if (is_gated(a) != is_gated(config_.act)) {
        const FfnAct gated = is_gated(a) ? a : config_.act;
        return std::string("cannot swap ") + ffn_act_names.name(config_.act) + " for " +
               ffn_act_names.name(a) + ": " + ffn_act_names.name(gated) +
               "'s gated FFN has other weights";
    }
    config_.act = a;
    model_->set_act(a);
    adam_->reset();
    return "";
}

std::string LmExperiment::set_steps(double total) {
    std::string e = range_error("steps", total, limits::lm::steps);
    if (!e.empty()) return e;
    if (!model_) return "the experiment is invalid: " + error_;
    LmConfig c = config_;
    c.steps = static_cast<int>(total);
    if (!(e = validate(c, corpus_.vocab_size())).empty()) return e;
    config_.steps = c.steps;
    update_status();
    return "";
}

std::string LmExperiment::set_constant_lr(double lr) {
    std::string e = range_error("lr", lr, limits::lm::lr);
    if (!e.empty()) return e;
    if (!model_) return "the experiment is invalid: " + error_;
    constant_lr_ = lr;
    return "";
}

std::string LmExperiment::state_json() const { return model_ ? lm::state_json(*model_) : "null"; }

std::string LmExperiment::load_state_json(std::string_view text) {
    if (!model_) return "the experiment is invalid: " + error_;
    return loaded(lm::load_state_json(*model_, text));
}

std::string LmExperiment::state_safetensors() const {
    return model_ ? lm::state_safetensors(*model_) : "";
}

std::string LmExperiment::load_state_safetensors(std::string_view bytes) {
    if (!model_) return "the experiment is invalid: " + error_;
    return loaded(lm::load_state_safetensors(*model_, bytes));
}

std::string LmExperiment::loaded(std::string error) {
    if (!error.empty()) return error;
    adam_->reset();
    if (status_ == LmStatus::diverged) status_ = LmStatus::running;
    update_status();
    return "";
}

std::string LmExperiment::ffn_preactivations(int layer, std::vector<float>& out) {
    if (!model_) return "the experiment is invalid: " + error_;
    if (layer < 0 || layer >= config_.layers)
        return "layer must be an integer in [0, " + std::to_string(config_.layers - 1) + "]";
    const std::size_t rows = std::min<std::size_t>(config_.batch, val_windows_.size());
    const std::size_t ctx = config_.ctx;
    for (std::size_t r = 0; r < rows; ++r)
        for (std::size_t t = 0; t < ctx; ++t)
            inputs_[r * ctx + t] = corpus_.val()[static_cast<std::size_t>(val_windows_[r]) + t];
    model_->forward(inputs_.data(), nullptr, rows, ctx);
    const float* h = model_->ffn_pre(static_cast<std::size_t>(layer));
    out.assign(h, h + rows * ctx * static_cast<std::size_t>(ffn_rows(config_)));
    return "";
}

}  // namespace al::lm
