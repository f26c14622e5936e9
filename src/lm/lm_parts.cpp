#include "lm/lm_parts.hpp"

#include <algorithm>
#include <cmath>

#include "activation.hpp"

namespace al::lm {

namespace {

// Running sums of one block; doubles, so a million inputs of size ~2 lose nothing that shows.
struct BlockSums {
    double sum = 0, sum_sq = 0;
    std::uint64_t nonpositive = 0, below_dip = 0;
    FfnBlockStats stats;
};

void add_inputs(BlockSums& b, const float* x, std::size_t n) {
    const float dip = static_cast<float>(gelu_dip);
    const double lo = ffn_histogram_lo, width = (ffn_histogram_hi - lo) / ffn_histogram_bins;
    for (std::size_t i = 0; i < n; ++i) {
        const double v = x[i];
        b.sum += v;
        b.sum_sq += v * v;
        b.nonpositive += x[i] <= 0.0f;
        b.below_dip += x[i] < dip;
        const double at = std::floor((v - lo) / width);
        if (at < 0)
            ++b.stats.underflow;
        else if (at >= ffn_histogram_bins)
            ++b.stats.overflow;
        else
            ++b.stats.histogram[static_cast<std::size_t>(at)];
    }
    b.stats.count += n;
}

void add_outputs(BlockSums& b, const float* a, std::size_t n) {
    for (std::size_t i = 0; i < n; ++i) b.stats.zero_outputs += a[i] == 0.0f;
    b.stats.outputs += n;
}

FfnBlockStats finish(BlockSums& b) {
    FfnBlockStats s = b.stats;
    const double n = static_cast<double>(s.count);
    s.mean = b.sum / n;
    s.sd = std::sqrt(std::max(0.0, b.sum_sq / n - s.mean * s.mean));
    s.share_nonpositive = static_cast<double>(b.nonpositive) / n;
    s.share_below_dip = static_cast<double>(b.below_dip) / n;
    s.share_zero_output = static_cast<double>(s.zero_outputs) / static_cast<double>(s.outputs);
    return s;
}

}  // namespace

FfnStats ffn_stats(LmExperiment& e) {
    FfnStats out{NAN, {}, NAN};
    const Model* m = e.model();
    if (!m) return out;
    const std::size_t layers = m->config().layers;
    const std::size_t rows = ffn_rows(m->config()), hidden = ffn_hidden(m->config());
    std::vector<BlockSums> sums(layers);
    for (BlockSums& b : sums) b.stats.histogram.assign(ffn_histogram_bins, 0);
    out.val_loss = e.val_loss_with(e.activation(), [&](const Model& model) {
        const std::size_t tokens = model.last_tokens();
        for (std::size_t l = 0; l < layers; ++l) {
            add_inputs(sums[l], model.ffn_pre(l), tokens * rows);
            add_outputs(sums[l], model.ffn_out(l), tokens * hidden);
        }
    });
    std::uint64_t zeros = 0, outputs = 0;
    for (BlockSums& b : sums) {
        out.blocks.push_back(finish(b));
        zeros += b.stats.zero_outputs;
        outputs += b.stats.outputs;
    }
    out.share_zero_output = static_cast<double>(zeros) / static_cast<double>(outputs);
    return out;
}

std::string gelu_parts(LmExperiment& e, GeluParts& out) {
    if (!e.model()) return "the experiment is invalid: " + e.error();
    const FfnAct base = e.activation();
    if (is_gated(base))
        return std::string("lm parts needs a plain FFN: ") + ffn_act_names.name(base) +
               "'s gated FFN has other weights";
    out.base = base;
    out.base_stats = ffn_stats(e);
    out.parts.clear();
    for (const FfnAct a : gelu_part_acts)
        if (a != base) out.parts.push_back({a, e.val_loss_with(a)});
    return "";
}

namespace {

json::Value blocks_json(const std::vector<FfnBlockStats>& blocks) {
    json::Array out;
    for (std::size_t l = 0; l < blocks.size(); ++l) {
        const FfnBlockStats& b = blocks[l];
        json::Array counts;
        for (const std::uint64_t c : b.histogram) counts.emplace_back(static_cast<double>(c));
        out.emplace_back(json::Object{
            {"block", static_cast<int>(l)},
            {"count", static_cast<double>(b.count)},
            {"mean", b.mean},
            {"sd", b.sd},
            {"share_nonpositive", b.share_nonpositive},
            {"share_below_dip", b.share_below_dip},
            {"share_zero_output", b.share_zero_output},
            {"histogram", json::Object{{"lo", ffn_histogram_lo},
                                       {"hi", ffn_histogram_hi},
                                       {"counts", std::move(counts)},
                                       {"underflow", static_cast<double>(b.underflow)},
                                       {"overflow", static_cast<double>(b.overflow)}}}});
    }
    return out;
}

}  // namespace

std::string ffn_stats_json(LmExperiment& e) {
    if (!e.model()) return json::write(json::Value(json::Object{{"error", e.error()}}));
    const FfnStats s = ffn_stats(e);
    return json::write(json::Value(json::Object{{"val_loss", s.val_loss},
                                                {"share_zero_output", s.share_zero_output},
                                                {"blocks", blocks_json(s.blocks)}}));
}

std::string gelu_parts_json(LmExperiment& e) {
    GeluParts p;
    const std::string error = gelu_parts(e, p);
    if (!error.empty()) return json::write(json::Value(json::Object{{"error", error}}));
    const double base = p.base_stats.val_loss;
    json::Array parts;
    for (const PartLoss& x : p.parts)
        parts.emplace_back(json::Object{{"name", ffn_act_names.name(x.act)},
                                        {"val_loss", x.val_loss},
                                        {"delta", x.val_loss - base}});
    return json::write(json::Value(json::Object{
        {"dip", gelu_dip},
        {"base", json::Object{{"name", ffn_act_names.name(p.base)}, {"val_loss", base}}},
        {"parts", std::move(parts)},
        {"blocks", blocks_json(p.base_stats.blocks)}}));
}

}  // namespace al::lm
