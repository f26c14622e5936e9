// Small image sets for the image runs' tests: n images whose pixels depend on the class (label
// k: a bright band at rows 2k..2k+2) plus noise, and a small network's config.
#pragma once
#include <cstddef>
#include <cstdint>

#include "mlp/idx.hpp"
#include "mlp/image_config.hpp"

namespace al::test {

inline al::ImageSet image_set(std::size_t n, std::uint32_t salt) {
    al::ImageSet s;
    s.rows = s.cols = al::image_side;
    for (std::size_t i = 0; i < n; ++i) {
        const auto label = static_cast<std::uint8_t>((i * 7 + salt) % al::image_classes);
        s.labels.push_back(label);
        for (std::size_t p = 0; p < s.width(); ++p) {
            const std::size_t row = p / al::image_side;
            const bool band = row >= 2u * label && row < 2u * label + 3;
            s.pixels.push_back(
                static_cast<std::uint8_t>((band ? 180 : 0) + (p * 31 + i * 17) % 60));
        }
    }
    return s;
}

inline al::ImageConfig small_config() {
    al::ImageConfig c;
    c.hidden = {16, 16};
    c.n_train = 60;
    c.n_test = 37;
    c.batch = 16;
    c.epochs = 2;
    return c;
}

}  // namespace al::test
