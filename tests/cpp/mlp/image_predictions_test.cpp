// Per-image predictions of an image run: the arg-max guesses count exactly the test accuracy the
// run reports, the labels are the test set's, the probabilities are the softmax of the guess,
// ranges outside the test set are refused, and the pixels read back as the bytes given.
#include <doctest/doctest.h>

#include <cmath>
#include <cstdint>
#include <vector>

#include "image_data.hpp"
#include "mlp/idx.hpp"
#include "mlp/image_experiment.hpp"
#include "mlp/softmax_loss.hpp"

TEST_CASE("image predictions: arg-max guesses give the reported test accuracy exactly") {
    const al::ImageSplit data{al::test::image_set(60, 0), al::test::image_set(37, 3)};
    al::ImageExperiment run(al::test::small_config(), data);
    REQUIRE(run.error().empty());
    while (run.step()) {
    }
    REQUIRE(run.status() == al::Status::done);
    const auto p = run.predict_test(0, 37);
    REQUIRE(p.size() == 37);
    std::size_t correct = 0;
    for (std::size_t i = 0; i < p.size(); ++i) {
        CHECK(p[i].label == data.test.labels[i]);
        CHECK(p[i].guess >= 0);
        CHECK(p[i].guess < int(al::image_classes));
        CHECK(p[i].probability >= 1.0 / al::image_classes);
        CHECK(p[i].probability <= 1.0);
        correct += p[i].guess == p[i].label ? 1 : 0;
    }
    CHECK(double(correct) / 37.0 == run.history().back().test_acc);
    // A range gives the same predictions as the whole set.
    const auto mid = run.predict_test(10, 5);
    REQUIRE(mid.size() == 5);
    for (std::size_t i = 0; i < 5; ++i) {
        CHECK(mid[i].guess == p[10 + i].guess);
        CHECK(mid[i].probability == doctest::Approx(p[10 + i].probability).epsilon(1e-6));
    }
}

TEST_CASE("image predictions: ranges outside the test set are empty; pixels read back") {
    const al::ImageSplit data{al::test::image_set(60, 0), al::test::image_set(37, 3)};
    al::ImageExperiment run(al::test::small_config(), data);
    CHECK(run.predict_test(0, 38).empty());
    CHECK(run.predict_test(37, 1).empty());
    CHECK(run.predict_test(37, 0).empty());
    CHECK(run.predict_test(36, 1).size() == 1);
    const std::vector<std::uint8_t> px = run.test_pixels(5);
    REQUIRE(px.size() == al::image_side * al::image_side);
    CHECK(std::vector<std::uint8_t>(data.test.pixels.begin() + 5 * 784,
                                    data.test.pixels.begin() + 6 * 784) == px);
    CHECK(run.test_pixels(37).empty());
}

TEST_CASE("softmax: argmax_row takes the first of equal logits; probabilities add up to 1") {
    const float z[4] = {0.5f, 2.0f, 2.0f, -1.0f};
    CHECK(al::argmax_row(z, 4) == 1);
    double sum = 0.0;
    for (std::size_t j = 0; j < 4; ++j) sum += al::softmax_probability(z, 4, j);
    CHECK(sum == doctest::Approx(1.0).epsilon(1e-12));
    // e^2 / (e^0.5 + 2 e^2 + e^-1), in double.
    const double want = std::exp(2.0) / (std::exp(0.5) + 2 * std::exp(2.0) + std::exp(-1.0));
    CHECK(al::softmax_probability(z, 4, 2) == doctest::Approx(want).epsilon(1e-12));
}
