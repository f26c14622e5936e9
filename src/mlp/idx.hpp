// Image data sets: the IDX files of MNIST and Fashion-MNIST, and the compact subset the build
// ships. Both are read from raw bytes (the WASM core has no zlib: whoever holds a .gz file
// inflates it first, the CLI with node:zlib). Malformed input is refused with one line naming
// the file and the fault; nothing here throws.
//
// IDX: a big-endian header, bytes 0 0 type ndims, then ndims u32 sizes, then the data. Images
// are type 0x08 (unsigned byte) with 3 dimensions (count, rows, cols), labels type 0x08 with 1.
//
// The subset ("ALI1"): the 4 bytes A L I 1, then u32 big-endian n_train, n_test, rows, cols, then
// the training pixels (n_train·rows·cols bytes, image by image, row-major), the training labels
// (n_train bytes), the test pixels and the test labels: raw, so gzip compresses it as well as the
// IDX files.
#pragma once
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace al {

struct ImageSet {
    std::size_t rows = 0, cols = 0;
    std::vector<std::uint8_t> pixels;  // size() · rows · cols, image by image, row-major
    std::vector<std::uint8_t> labels;  // one per image
    std::size_t size() const { return labels.size(); }
    std::size_t width() const { return rows * cols; }
};

struct ImageSplit {
    ImageSet train, test;
};

// Classes of Fashion-MNIST (labels 0..9) and its image size.
inline constexpr std::size_t image_classes = 10;
inline constexpr std::size_t image_side = 28;

// An IDX image file and its label file into one set, keeping the first `keep` images (or all,
// if fewer). Refused: bad magic, a type other than unsigned byte, wrong dimensions (not
// image_side × image_side), truncated or overlong data, label and image counts that differ,
// labels ≥ image_classes. `name` starts the error ("train", "test").
std::optional<ImageSet> read_idx_pair(const std::uint8_t* images, std::size_t images_size,
                                      const std::uint8_t* labels, std::size_t labels_size,
                                      std::size_t keep, const std::string& name,
                                      std::string& error);

// The subset file, as written by write_image_subset.
std::optional<ImageSplit> read_image_subset(const std::uint8_t* bytes, std::size_t size,
                                            std::string& error);
std::vector<std::uint8_t> write_image_subset(const ImageSplit& split);

}  // namespace al
