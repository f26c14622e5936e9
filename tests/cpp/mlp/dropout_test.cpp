// Dropout in the Mlp: keep rate and scale, off in evaluation, injected masks, the seeded stream,
// and the state_dict numbering of nn.Sequential with its Dropout modules.
#include <doctest/doctest.h>

#include <cmath>
#include <string>
#include <vector>

#include "mlp/mlp.hpp"
#include "mlp/state_dict.hpp"

namespace {

// One hidden layer of identity units that copies its input (W = I, b = 0): h is the dropout.
al::Mlp copy_net(std::size_t width, std::size_t rows) {
    al::Mlp net(width, {width}, al::Activation::identity, rows, al::Norm::none, 1);
    net.init(0);
    for (std::size_t o = 0; o < width; ++o) {
        for (std::size_t i = 0; i < width; ++i) net.layer(0).set_weight(o, i, o == i ? 1.0f : 0.0f);
        net.layer(0).set_bias(o, 0.0f);
    }
    for (std::size_t i = 0; i < width; ++i) net.layer(1).set_weight(0, i, 1.0f);
    net.layer(1).set_bias(0, 0.0f);
    net.refresh();
    return net;
}

}  // namespace

TEST_CASE("dropout: keep rate 1 − p, kept units scaled by 1/(1 − p), off in evaluation") {
    const std::size_t width = 100, rows = 200;
    al::Mlp net = copy_net(width, rows);
    net.set_dropout(0.3, 7);
    const std::vector<float> x(width * rows, 1.0f);
    const float* out = net.forward_train(x.data(), rows);
    const std::vector<float> first(out, out + rows);  // (the next pass reuses the buffer)
    // Each logit = (kept units) / 0.7: the mean over 20,000 units is the keep rate.
    double kept = 0;
    for (std::size_t r = 0; r < rows; ++r) kept += out[r] * 0.7;
    const double rate = kept / double(width * rows);
    // Binomial: sd = √(0.21 / 20000) = 0.0032; 5 sd.
    CHECK(std::fabs(rate - 0.7) < 0.016);
    for (std::size_t r = 0; r < rows; ++r) {
        const double units = out[r] * 0.7;
        CHECK(std::fabs(units - std::round(units)) < 1e-3);  // whole units, each scaled 1/0.7
    }
    const float* eval = net.forward(x.data(), rows);
    CHECK(eval[0] == 100.0f);  // no dropout in evaluation
    // The same seed gives the same masks; another seed others.
    al::Mlp again = copy_net(width, rows), other = copy_net(width, rows);
    again.set_dropout(0.3, 7);
    other.set_dropout(0.3, 8);
    net.set_dropout(0.3, 7);
    const float* a = net.forward_train(x.data(), rows);
    CHECK(std::vector<float>(a, a + rows) == first);
    const float* b = again.forward_train(x.data(), rows);
    CHECK(std::vector<float>(b, b + rows) == first);
    const float* c = other.forward_train(x.data(), rows);
    CHECK(std::vector<float>(c, c + rows) != first);
}

TEST_CASE("dropout: an injected mask is used once, and backward goes through it") {
    al::Mlp net = copy_net(4, 1);
    net.set_dropout(0.5, 1);
    net.inject_dropout_masks({{1, 0, 1, 0}});
    const std::vector<float> x{1.0f, 2.0f, 3.0f, 4.0f};
    CHECK(net.forward_train(x.data(), 1)[0] == 8.0f);  // (1 + 3) · 2
    const float dlogit = 1.0f;
    net.backward(x.data(), &dlogit, 1, false);
    // dL/dW0[o][i] = x_i · mask_o · 2 for the copy layer: rows 1 and 3 get nothing.
    const float* dwt = net.layer(0).weight_grad();  // [in][out]
    CHECK(dwt[0 * 4 + 0] == 2.0f);
    CHECK(dwt[0 * 4 + 1] == 0.0f);
    CHECK(dwt[2 * 4 + 2] == 6.0f);
    CHECK(dwt[3 * 4 + 3] == 0.0f);
}

TEST_CASE("dropout: state_dict numbering Linear 0, act 1, Dropout 2, Linear 3, ...") {
    al::Mlp net(3, {4, 5}, al::Activation::relu, 8, al::Norm::none, 2);
    net.init(3);
    const std::string plain = al::state_dict_json(net);
    CHECK(plain.find("\"2.weight\"") != std::string::npos);
    CHECK(plain.find("\"4.weight\"") != std::string::npos);
    net.set_dropout(0.2, 0);
    const std::string dropped = al::state_dict_json(net);
    for (const char* k : {"\"0.weight\"", "\"3.weight\"", "\"6.bias\""})
        CHECK(dropped.find(k) != std::string::npos);
    CHECK(dropped.find("\"2.weight\"") == std::string::npos);
    CHECK(al::load_state_dict_json(net, dropped).empty());
    CHECK(!al::load_state_dict_json(net, plain).empty());  // numbering without Dropout: refused
    al::Mlp ln(3, {4, 5}, al::Activation::relu, 8, al::Norm::layer, 2);
    ln.set_dropout(0.2, 0);
    const std::string with_ln = al::state_dict_json(ln);
    for (const char* k :
         {"\"0.weight\"", "\"1.weight\"", "\"4.weight\"", "\"5.bias\"", "\"8.weight\""})
        CHECK(with_ln.find(k) != std::string::npos);
}
