// cancel_epoch, checked alike on the moons' experiment and the images' (both have step, advance,
// cancel_epoch): two runs from one config step an epoch; the second does `work` more of the next
// epoch, then cancels it. It is back to the last recorded epoch, weights included, and from there
// the two runs end equal.
#pragma once

#include <doctest/doctest.h>

#include <cstddef>
#include <vector>

namespace al::test {

template <class Experiment>
void check_cancel_epoch(Experiment& a, Experiment& b, std::size_t work) {
    CHECK(a.step());
    CHECK(b.step());
    const std::vector<float> after_one = b.network().params();
    CHECK_FALSE(b.advance(work));  // part of epoch 2
    CHECK(b.epoch_work_done() > 0);
    CHECK(b.network().params() != after_one);
    b.cancel_epoch();
    CHECK(b.epoch_work_done() == 0);
    CHECK(b.network().params() == after_one);
    CHECK(b.epoch() == 1);
    while (a.step()) {
    }
    while (b.step()) {
    }
    CHECK(a.network().params() == b.network().params());
}

}  // namespace al::test
