// The IDX reader and the shipped subset format: good files read back exactly, every malformed
// case refused with its one line.
#include <doctest/doctest.h>

#include <cstdint>
#include <string>
#include <vector>

#include "mlp/idx.hpp"

namespace {

using Bytes = std::vector<std::uint8_t>;

void be32(Bytes& b, std::uint32_t v) {
    for (int s = 24; s >= 0; s -= 8) b.push_back(static_cast<std::uint8_t>(v >> s));
}
// An IDX image file of n images (side × side), pixel i of image k = (k·7 + i) mod 256.
Bytes images(std::uint32_t n, std::uint32_t side = 28) {
    Bytes b{0, 0, 8, 3};
    be32(b, n);
    be32(b, side);
    be32(b, side);
    for (std::uint32_t k = 0; k < n; ++k)
        for (std::uint32_t i = 0; i < side * side; ++i) b.push_back((k * 7 + i) % 256);
    return b;
}
Bytes labels(std::uint32_t n) {
    Bytes b{0, 0, 8, 1};
    be32(b, n);
    for (std::uint32_t k = 0; k < n; ++k) b.push_back(k % 10);
    return b;
}
std::string refusal(const Bytes& im, const Bytes& lb) {
    std::string error;
    const auto s =
        al::read_idx_pair(im.data(), im.size(), lb.data(), lb.size(), 100, "train", error);
    CHECK(!s);
    return error;
}

}  // namespace

TEST_CASE("idx: a good pair reads back every byte, first `keep` images in file order") {
    const Bytes im = images(5), lb = labels(5);
    std::string error;
    const auto s = al::read_idx_pair(im.data(), im.size(), lb.data(), lb.size(), 3, "train", error);
    REQUIRE(s);
    CHECK(error.empty());
    CHECK(s->size() == 3);
    CHECK(s->width() == 784);
    CHECK(s->pixels.size() == 3 * 784);
    CHECK(s->pixels[0] == 0);
    CHECK(s->pixels[784] == 7);           // image 1, pixel 0
    CHECK(s->pixels[2 * 784 + 5] == 19);  // image 2, pixel 5
    CHECK(s->labels == Bytes{0, 1, 2});
}

TEST_CASE("idx: malformed files are refused with one line") {
    Bytes bad_magic = images(2);
    bad_magic[2] = 0x0d;  // float data
    CHECK(refusal(bad_magic, labels(2)).find("bad magic number") != std::string::npos);
    Bytes two_dims = images(2);
    two_dims[3] = 2;
    CHECK(refusal(two_dims, labels(2)).find("train images: not an IDX") == 0);
    CHECK(refusal(labels(2), labels(2)).find("train images: not an IDX") == 0);
    CHECK(refusal(images(2), images(2)).find("train labels: not an IDX") == 0);
    CHECK(refusal(Bytes{0, 0}, labels(2)).find("bad magic") != std::string::npos);
    CHECK(refusal(Bytes{0, 0, 8, 3, 0, 0}, labels(2)).find("truncated header") !=
          std::string::npos);
    Bytes truncated = images(2);
    truncated.pop_back();
    CHECK(refusal(truncated, labels(2)) ==
          "train images: truncated (1567 data bytes, expected 1568)");
    Bytes overlong = labels(2);
    overlong.push_back(0);
    CHECK(refusal(images(2), overlong) == "train labels: 1 bytes after the data (expected 2)");
    CHECK(refusal(images(2, 27), labels(2)) == "train images: 27×27 pixels (expected 28×28)");
    CHECK(refusal(images(3), labels(2)) == "train: 3 images but 2 labels");
    Bytes bad_label = labels(2);
    bad_label.back() = 10;
    CHECK(refusal(images(2), bad_label) == "train labels: label 1 is 10 (expected 0 to 9)");
    // Dimensions whose product overflows are "truncated", never an allocation.
    Bytes huge{0, 0, 8, 3};
    for (int d = 0; d < 3; ++d) be32(huge, 0xffffffffu);
    CHECK(refusal(huge, labels(2)).find("truncated") != std::string::npos);
}

TEST_CASE("image subset: round trip, and refusals") {
    std::string error;
    const Bytes im = images(4), lb = labels(4);
    al::ImageSplit split;
    split.train = *al::read_idx_pair(im.data(), im.size(), lb.data(), lb.size(), 3, "t", error);
    split.test = *al::read_idx_pair(im.data(), im.size(), lb.data(), lb.size(), 2, "t", error);
    const Bytes file = al::write_image_subset(split);
    CHECK(file.size() == 20 + 5 * 785);
    const auto back = al::read_image_subset(file.data(), file.size(), error);
    REQUIRE(back);
    CHECK(back->train.pixels == split.train.pixels);
    CHECK(back->train.labels == split.train.labels);
    CHECK(back->test.pixels == split.test.pixels);
    CHECK(back->test.labels == split.test.labels);
    Bytes cut(file.begin(), file.end() - 1);
    CHECK(!al::read_image_subset(cut.data(), cut.size(), error));
    CHECK(error.find("truncated") != std::string::npos);
    Bytes magic = file;
    magic[0] = 'X';
    CHECK(!al::read_image_subset(magic.data(), magic.size(), error));
    CHECK(error.find("bad magic") != std::string::npos);
    // A header whose counts wrap a 32-bit size (WASM's size_t): 0xffffffff + 2 images of 785
    // bytes is 785 bytes modulo 2^32, so a file of 20 + 785 bytes used to pass the size check.
    Bytes wrap = file;
    wrap.resize(20 + 785);
    wrap[4] = wrap[5] = wrap[6] = wrap[7] = 0xff;  // n_train = 0xffffffff
    wrap[8] = wrap[9] = wrap[10] = 0;
    wrap[11] = 2;  // n_test = 2
    error.clear();
    CHECK(!al::read_image_subset(wrap.data(), wrap.size(), error));
    CHECK(error.find("truncated") != std::string::npos);
}
