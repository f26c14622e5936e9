// An image run's epoch in slices (training_loop.hpp): any budget gives step()'s run bit for bit,
// dropout and batches cut into chunks included; a call stays within its budget; cancel_epoch puts
// back the weights of the last recorded epoch.
#include <doctest/doctest.h>

#include <cstddef>
#include <vector>

#include "cancel_epoch_check.hpp"
#include "image_data.hpp"
#include "mlp/image_experiment.hpp"

namespace {

// Batches of 200 rows in chunks of ~124 (a 256 × 256 network): slices cut batches and chunks.
al::ImageConfig sliced_config() {
    al::ImageConfig c = al::test::small_config();
    c.hidden = {256, 256};
    c.n_train = 300;
    c.n_test = 100;
    c.batch = 200;
    c.dropout = 0.25;
    return c;
}

const al::ImageSplit& data() {
    static const al::ImageSplit d{al::test::image_set(300, 0), al::test::image_set(100, 3)};
    return d;
}

}  // namespace

TEST_CASE("image advance: any slicing gives step()'s run bit for bit, within budget") {
    const al::ImageConfig c = sliced_config();
    al::ImageExperiment whole(c, data());
    REQUIRE(whole.error().empty());
    REQUIRE(whole.chunk_rows() < 200);
    while (whole.step()) {
    }
    REQUIRE(whole.status() == al::Status::done);
    for (std::size_t budget : {1u, 50u, 333u, 100000u}) {
        CAPTURE(budget);
        al::ImageExperiment sliced(c, data());
        int calls = 0;
        while (sliced.status() != al::Status::done) {
            const std::size_t before = sliced.epoch_work_done();
            const bool recorded = sliced.advance(budget);
            ++calls;
            if (!recorded) {
                CHECK(sliced.epoch_work_done() - before <= budget + sliced.chunk_rows());
                CHECK(sliced.epoch_work_done() < sliced.epoch_work());
            }
            // Reading the network between slices does not disturb the epoch under way.
            CHECK(sliced.predict_test(0, 3).size() == 3);
        }
        CHECK(calls >= (budget < 1000 ? 4 : 2));
        REQUIRE(sliced.history().size() == whole.history().size());
        for (std::size_t k = 0; k < whole.history().size(); ++k) {
            CHECK(sliced.history()[k].train_loss == whole.history()[k].train_loss);
            CHECK(sliced.history()[k].test_loss == whole.history()[k].test_loss);
            CHECK(sliced.history()[k].test_acc == whole.history()[k].test_acc);
        }
        CHECK(sliced.network().params() == whole.network().params());
    }
}

TEST_CASE("image cancel_epoch: the weights of the last recorded epoch; then it goes on alike") {
    al::ImageConfig c = sliced_config();
    c.dropout = 0;  // (the masks a cancelled epoch drew are not given back)
    al::ImageExperiment a(c, data()), b(c, data());
    al::test::check_cancel_epoch(a, b, 250);  // part of epoch 2: more than one batch
    CHECK(a.history().back().test_loss == b.history().back().test_loss);
}
