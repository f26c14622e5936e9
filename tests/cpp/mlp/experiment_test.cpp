// Experiment: data and splits, training to the accuracy PyTorch reaches, the per-epoch protocol,
// divergence, the grid, the pretrained swap and the state_dict round trip.
#include <doctest/doctest.h>

#include <cmath>
#include <string>
#include <vector>

#include "cancel_epoch_check.hpp"
#include "mlp/experiment.hpp"
#include "mlp/moons.hpp"
#include "mlp/split.hpp"
#include "mlp/state_dict.hpp"

namespace {

al::Config small_config() {
    al::Config c;
    c.n = 200;
    c.epochs = 5;
    c.hidden = {8, 8};
    return c;
}

}  // namespace

TEST_CASE("the default moons setup reaches >= 95% test accuracy for relu and gelu") {
    // 2000 points, noise 0.2, 80/20, 2-64-64-1, Adam 0.001, batch 32, 100 epochs.
    for (al::Activation act : {al::Activation::relu, al::Activation::gelu}) {
        for (std::uint32_t seed : {0u, 1u, 2u}) {
            al::Config c = al::default_config();
            c.activation = act;
            c.seed = seed;
            al::Experiment e(c);
            while (e.step()) {
            }
            CAPTURE(al::activation_names.name(act));
            CAPTURE(seed);
            CHECK(e.status() == al::Status::done);
            CHECK(e.epoch() == 100);
            CHECK(e.history().size() == 100);
            const al::Metrics test = e.evaluate_test();
            CHECK(test.acc >= 0.95);
            CHECK(e.history().back().train_acc >= 0.95);
            CHECK(e.history().back().train_loss < e.history().front().train_loss);
        }
    }
}

TEST_CASE("data: the splits of scikit-learn, as float32, none shared") {
    al::Config c = small_config();
    c.val_fraction = 0.25;
    al::Experiment e(c);
    const al::SetSizes s = al::set_sizes(c);
    CHECK(e.train_data().size() == s.train);
    CHECK(e.val_data().size() == s.val);
    CHECK(e.test_data().size() == s.test);
    CHECK(s.train + s.val + s.test == 200);
    CHECK(s.val == 50);
    CHECK(e.train_data().x.size() == 2 * s.train);
    // Test = train_test_split(n, 0.2, data_seed).test, points of make_moons in that order.
    const al::Moons m = al::make_moons(200, c.noise, c.data_seed);
    const al::Split split = al::train_test_split(200, c.test_fraction, c.data_seed);
    for (std::size_t k = 0; k < split.test.size(); ++k) {
        CHECK(e.test_data().x[2 * k] == static_cast<float>(m.x[2 * split.test[k]]));
        CHECK(e.test_data().y[k] == static_cast<float>(m.y[split.test[k]]));
    }
    // Validation = the second split of the training indices (random_state = data_seed).
    const al::Split inner = al::train_test_split(split.train.size(), 0.25 / 0.8, c.data_seed);
    CHECK(e.val_data().x[0] == static_cast<float>(m.x[2 * split.train[inner.test[0]]]));
    CHECK(e.train_data().x[1] == static_cast<float>(m.x[2 * split.train[inner.train[0]] + 1]));
    CHECK(&e.data(al::Subset::val) == &e.val_data());
}

TEST_CASE("one epoch per step, statuses, history with and without validation") {
    al::Experiment e(small_config());
    CHECK(e.status() == al::Status::ready);
    CHECK(e.epoch() == 0);
    CHECK(e.step());
    CHECK(e.status() == al::Status::running);
    CHECK(e.epoch() == 1);
    const al::EpochStats& h = e.history().front();
    CHECK(h.epoch == 1);
    const al::Metrics tr = e.evaluate(al::Subset::train);
    CHECK(h.train_loss == tr.loss);  // the full pass after the epoch
    CHECK(h.train_acc == tr.acc);
    CHECK(std::isnan(h.val_loss));  // no validation set
    CHECK(std::isnan(e.evaluate(al::Subset::val).acc));
    while (e.step()) {
    }
    CHECK(e.status() == al::Status::done);
    CHECK(e.epoch() == 5);
    CHECK_FALSE(e.step());
    e.set_epochs(7);  // fine-tune further
    CHECK(e.status() == al::Status::running);
    CHECK(e.step());
    CHECK(e.step());
    CHECK(e.status() == al::Status::done);
    CHECK(e.history().back().epoch == 7);
    e.set_epochs(0);  // clamped to 1
    CHECK(e.config().epochs == 1);

    al::Config cv = small_config();
    cv.val_fraction = 0.2;
    al::Experiment v(cv);
    v.step();
    CHECK(std::isfinite(v.history().front().val_loss));
    CHECK(v.history().front().val_acc == v.evaluate(al::Subset::val).acc);
}

TEST_CASE("runs are reproducible; twins share initial weights; shuffle and batch matter") {
    al::Config c = small_config();
    al::Experiment a(c), b(c);
    c.activation = al::Activation::relu;
    al::Experiment r(c);
    CHECK(a.state_json() == r.state_json());  // same seed: same initial weights
    a.step();
    b.step();
    CHECK(a.state_json() == b.state_json());
    c.shuffle = false;
    c.activation = al::Activation::gelu;
    al::Experiment ns(c);
    ns.step();
    CHECK(ns.state_json() != a.state_json());
    c.shuffle = true;
    c.batch = 100000;  // larger than the training set: one full batch per epoch
    al::Experiment full(c);
    CHECK(full.step());
    CHECK(full.status() == al::Status::running);
}

TEST_CASE("batches larger than 512 rows (chunked) equal the same batch in one pass") {
    // 1200 training points, full batch: chunks of 512 + 512 + 176 accumulate one gradient.
    // Compare with the loss decrease expected from a single step: finite and lower.
    al::Config c;
    c.n = 1500;
    c.batch = 100000;
    c.epochs = 3;
    c.hidden = {16};
    al::Experiment e(c);
    const double before = e.evaluate(al::Subset::train).loss;
    while (e.step()) {
    }
    CHECK(e.history().back().train_loss < before);
}

TEST_CASE("divergence stops the run and keeps the last finite weights") {
    al::Experiment e(small_config());
    CHECK(e.step());
    // Huge weights: the logits overflow to ±inf, the loss is not finite.
    std::string big = "{\"0.weight\":[";
    for (int o = 0; o < 8; ++o) big += std::string(o ? "," : "") + "[3e38,3e38]";
    big += "],\"0.bias\":[0,0,0,0,0,0,0,0],\"2.weight\":[";
    for (int o = 0; o < 8; ++o)
        big += std::string(o ? "," : "") + "[3e38,3e38,3e38,3e38,3e38,3e38,3e38,3e38]";
    big +=
        "],\"2.bias\":[0,0,0,0,0,0,0,0],\"4.weight\":[[3e38,3e38,3e38,3e38,3e38,3e38,3e38,3e38]],"
        "\"4.bias\":[0]}";
    REQUIRE(e.load_state_json(big) == "");
    const std::string before = e.state_json();
    CHECK_FALSE(e.step());
    CHECK(e.status() == al::Status::diverged);
    CHECK(e.epoch() == 1);
    CHECK(e.history().size() == 1);
    CHECK(e.state_json() == before);  // restored, no NaN
    CHECK(e.state_json().find("null") == std::string::npos);
    CHECK_FALSE(e.step());
    // Loading sane weights makes it trainable again.
    al::Experiment fresh(small_config());
    CHECK(e.load_state_json(fresh.state_json()) == "");
    CHECK(e.status() == al::Status::running);
    CHECK(e.step());
}

TEST_CASE("grid and predict") {
    al::Experiment e(small_config());
    while (e.step()) {
    }
    std::vector<float> grid(5 * 3, -1.0f);
    e.fill_grid(5, 3, -1.0f, 2.0f, -0.5f, 1.0f, grid.data());
    // Row 0 at ymin, column 0 at xmin: compare with predict at the same points.
    for (int j = 0; j < 3; ++j)
        for (int i = 0; i < 5; ++i) {
            const float xy[2] = {-1.0f + 0.75f * i, -0.5f + 0.75f * j};
            float p = -1.0f;
            e.predict(xy, 1, &p);
            CHECK(grid[j * 5 + i] == doctest::Approx(p).epsilon(1e-6));
            CHECK(p >= 0.0f);
            CHECK(p <= 1.0f);
        }
    std::vector<float> big(300 * 300);
    e.fill_grid(300, 300, -2, 3, -2, 2, big.data());  // more points than one pass holds
    float p = 0;
    const float corner[2] = {3.0f, 2.0f};
    e.predict(corner, 1, &p);
    CHECK(big.back() == doctest::Approx(p).epsilon(1e-6));
    e.fill_grid(0, 10, 0, 1, 0, 1, nullptr);  // nothing to do, no crash
}

TEST_CASE("pretrained swap: same weights, another activation") {
    al::Config c = small_config();
    c.activation = al::Activation::relu;
    al::Experiment e(c);
    while (e.step()) {
    }
    const std::string w = e.state_json();
    const double relu_loss = e.evaluate(al::Subset::train).loss;
    e.set_activation(al::Activation::gelu);
    CHECK(e.activation() == al::Activation::gelu);
    CHECK(e.config().activation == al::Activation::gelu);
    CHECK(e.state_json() == w);  // bit-identical weights
    CHECK(e.evaluate(al::Subset::train).loss != relu_loss);
    e.set_epochs(6);
    CHECK(e.step());
}

TEST_CASE("state_dict round trip and PyTorch names and shapes") {
    al::Config c = small_config();
    c.hidden = {3};
    al::Experiment e(c);
    e.step();
    const std::string s = e.state_json();
    CHECK(s.rfind("{\"0.weight\":[[", 0) == 0);
    CHECK(s.find("\"0.bias\":[") != std::string::npos);
    CHECK(s.find("\"2.weight\":[[") != std::string::npos);
    CHECK(s.find("\"4.weight\"") == std::string::npos);
    al::Experiment other(c);
    CHECK(other.state_json() != s);
    CHECK(other.load_state_json(s) == "");
    CHECK(other.state_json() == s);
    CHECK(other.evaluate_test().loss == e.evaluate_test().loss);
    // [out][in]: W[1][0] of layer 0 is the second row's first value.
    al::Mlp net(2, {3}, al::Activation::gelu, 1);
    CHECK(al::load_state_dict_json(net,
                                   "{\"0.weight\":[[1,2],[3,4],[5,6]],\"0.bias\":[7,8,9],"
                                   "\"2.weight\":[[10,11,12]],\"2.bias\":[13]}") == "");
    CHECK(net.layer(0).weight(1, 0) == 3.0f);
    CHECK(net.layer(1).weight(0, 2) == 12.0f);
    CHECK(net.layer(1).bias(0) == 13.0f);
}

TEST_CASE("state_dict: malformed input is refused with a clear message, nothing changes") {
    al::Mlp net(2, {3}, al::Activation::gelu, 1);
    net.init(0);
    const std::string before = al::state_dict_json(net);
    const std::string good_tail = ",\"2.weight\":[[1,1,1]],\"2.bias\":[0]}";
    const std::string good_l0 = "{\"0.weight\":[[1,2],[3,4],[5,6]],\"0.bias\":[7,8,9]";
    auto err = [&](const std::string& text) { return al::load_state_dict_json(net, text); };
    CHECK(err("[1]") == "state_dict: must be a JSON object (got an array)");
    CHECK(err("{").rfind("state_dict: JSON: unexpected end of input", 0) == 0);
    CHECK(err(good_l0 + good_tail.substr(0, good_tail.size() - 1) + ",\"4.weight\":[]}") ==
          "state_dict: unexpected key \"4.weight\" (this network has 0.weight, 0.bias, 2.weight, "
          "2.bias)");
    CHECK(err(good_l0 + "}") == "state_dict: missing key \"2.weight\"");
    CHECK(err("{\"0.weight\":[[1,2],[3,4]],\"0.bias\":[7,8,9]" + good_tail) ==
          "state_dict: \"0.weight\" must be an array of shape [3][2] ([out][in]) (got 2 rows)");
    CHECK(err("{\"0.weight\":[[1,2],[3,4],[5]],\"0.bias\":[7,8,9]" + good_tail) ==
          "state_dict: \"0.weight\"[2] must have 2 numbers (got 1); expected shape [3][2] "
          "([out][in])");
    CHECK(err("{\"0.weight\":[[1,2],[3,4],[5,\"6\"]],\"0.bias\":[7,8,9]" + good_tail) ==
          "state_dict: \"0.weight\"[2][1] must be a number (got a string); expected shape [3][2] "
          "([out][in])");
    CHECK(err("{\"0.weight\":[[1,2],[3,4],[5,1e39]],\"0.bias\":[7,8,9]" + good_tail) ==
          "state_dict: \"0.weight\"[2][1] is outside the float32 range; expected shape [3][2] "
          "([out][in])");
    CHECK(err(good_l0 + ",\"2.weight\":[[1,1,1]],\"2.bias\":0}") ==
          "state_dict: \"2.bias\" must be an array of 1 numbers (got a number)");
    CHECK(err(good_l0 + ",\"2.weight\":[[1,1,1]],\"2.bias\":[null]}") ==
          "state_dict: \"2.bias\"[0] must be a number (got null)");
    CHECK(al::state_dict_json(net) == before);  // every refusal left the weights alone
}

TEST_CASE("an invalid config falls back to the defaults and says why") {
    al::Config c;
    c.lr = -1;
    al::Experiment e(c);
    CHECK(e.error() == "lr must be a number in (0, 1] (got -1)");
    CHECK(e.config().lr == 0.001);
    CHECK(std::string(al::status_names.name(e.status())) == "ready");
}

TEST_CASE("advance: any slicing gives step()'s run bit for bit, and a call stays within budget") {
    al::Config c = small_config();
    c.val_fraction = 0.2;
    c.batch = 700;  // above 512 rows: batches in two chunks, one of them cut by a slice
    c.n = 1200;
    al::Experiment whole(c);
    while (whole.step()) {
    }
    for (std::size_t budget : {1u, 7u, 100u, 513u}) {
        CAPTURE(budget);
        al::Experiment sliced(c);
        std::vector<float> grid(16);
        int calls = 0;
        while (sliced.status() != al::Status::done) {
            const std::size_t before = sliced.epoch_work_done();
            const bool recorded = sliced.advance(budget);
            ++calls;
            if (!recorded) {
                // At most the budget plus one chunk of work per call.
                CHECK(sliced.epoch_work_done() - before <= budget + sliced.chunk_rows());
                CHECK(sliced.epoch_work_done() < sliced.epoch_work());
            }
            // Reading the network between slices does not disturb the epoch under way.
            sliced.fill_grid(4, 4, -1, 2, -1, 1, grid.data());
        }
        CHECK(calls > (budget < 600 ? 5 : 0));
        REQUIRE(sliced.history().size() == whole.history().size());
        for (std::size_t k = 0; k < whole.history().size(); ++k) {
            CHECK(sliced.history()[k].train_loss == whole.history()[k].train_loss);
            CHECK(sliced.history()[k].val_acc == whole.history()[k].val_acc);
        }
        CHECK(sliced.network().params() == whole.network().params());
    }
}

TEST_CASE("cancel_epoch: weights and Adam back to the epoch's start; the run then goes on alike") {
    al::Config c = small_config();
    al::Experiment a(c), b(c);
    al::test::check_cancel_epoch(a, b, 50);
}

TEST_CASE("chunks of a large network are short; fill_grid in pieces equals fill_grid whole") {
    al::Config c = small_config();
    c.hidden = {512, 512, 512, 512};
    c.batch = 100000;
    al::Experiment big(c);
    CHECK(big.chunk_rows() * (2 * 512 + 3 * 512 * 512 + 512) <= al::TrainingLoop::chunk_work);
    CHECK(big.chunk_rows() >= 32);
    al::Experiment e(small_config());
    CHECK(e.chunk_rows() == 256);  // small networks keep their chunks
    std::vector<float> whole(35), parts(35, -1.0f);
    e.fill_grid(7, 5, -1, 2, -1, 1, whole.data());
    for (std::size_t first = 0; first < 35; first += 6)
        e.fill_grid(7, 5, -1, 2, -1, 1, parts.data(), first, 6);
    CHECK(parts == whole);
}

TEST_CASE("evaluate_some in pieces equals evaluate, also mid-epoch") {
    al::Config c = small_config();
    c.val_fraction = 0.2;
    c.n = 2000;  // sets of several chunks
    al::Experiment e(c);
    CHECK_FALSE(e.advance(30));
    for (al::Subset s : {al::Subset::train, al::Subset::val, al::Subset::test}) {
        al::Experiment::EvalCursor cur{s};
        int calls = 1;
        while (!e.evaluate_some(cur, 5)) ++calls;
        CHECK(calls > 1);
        const al::Metrics whole = e.evaluate(s), parts = cur.metrics();
        CHECK(parts.loss == whole.loss);
        CHECK(parts.acc == whole.acc);
    }
    const std::size_t done = e.epoch_work_done();
    CHECK(done > 0);
    while (!e.advance(1000)) {
    }
    al::Experiment ref(c);
    CHECK(ref.step());
    CHECK(e.history().back().train_loss == ref.history().back().train_loss);
}
