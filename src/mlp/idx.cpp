#include "mlp/idx.hpp"

#include <algorithm>
#include <cstdint>
#include <tuple>

namespace al {

namespace {

std::uint32_t be32(const std::uint8_t* p) {
    return (std::uint32_t{p[0]} << 24) | (std::uint32_t{p[1]} << 16) | (std::uint32_t{p[2]} << 8) |
           std::uint32_t{p[3]};
}
void put_be32(std::vector<std::uint8_t>& out, std::size_t v) {
    for (int s = 24; s >= 0; s -= 8) out.push_back(static_cast<std::uint8_t>((v >> s) & 0xff));
}

// The dimensions of an unsigned-byte IDX file with `ndims` dimensions, or nullopt and why.
std::optional<std::vector<std::size_t>> idx_dims(const std::uint8_t* p, std::size_t size,
                                                 std::uint8_t ndims, const std::string& what,
                                                 std::string& error) {
    const std::size_t header = 4 + 4 * std::size_t{ndims};
    if (size < 4 || p[0] != 0 || p[1] != 0 || p[2] != 0x08 || p[3] != ndims) {
        error = what + ": not an IDX file of unsigned bytes with " + std::to_string(ndims) +
                (ndims == 1 ? " dimension" : " dimensions") + " (bad magic number)";
        return std::nullopt;
    }
    if (size < header) {
        error = what + ": truncated header (" + std::to_string(size) + " bytes)";
        return std::nullopt;
    }
    std::vector<std::size_t> dims;
    std::size_t total = 1;
    for (std::size_t d = 0; d < ndims; ++d) {
        dims.push_back(be32(p + 4 + 4 * d));
        if (dims.back() != 0 && total > size / dims.back())
            total = size + 1;  // more than there is
        else
            total *= dims.back();
    }
    if (size - header < total) {
        error = what + ": truncated (" + std::to_string(size - header) + " data bytes, expected " +
                std::to_string(total) + ")";
        return std::nullopt;
    }
    if (size - header > total) {
        error = what + ": " + std::to_string(size - header - total) +
                " bytes after the data (expected " + std::to_string(total) + ")";
        return std::nullopt;
    }
    return dims;
}

bool labels_in_range(const ImageSet& s, const std::string& name, std::string& error) {
    for (std::size_t i = 0; i < s.labels.size(); ++i)
        if (s.labels[i] >= image_classes) {
            error = name + " labels: label " + std::to_string(i) + " is " +
                    std::to_string(s.labels[i]) + " (expected 0 to " +
                    std::to_string(image_classes - 1) + ")";
            return false;
        }
    return true;
}

}  // namespace

std::optional<ImageSet> read_idx_pair(const std::uint8_t* images, std::size_t images_size,
                                      const std::uint8_t* labels, std::size_t labels_size,
                                      std::size_t keep, const std::string& name,
                                      std::string& error) {
    const auto idims = idx_dims(images, images_size, 3, name + " images", error);
    if (!idims) return std::nullopt;
    const auto ldims = idx_dims(labels, labels_size, 1, name + " labels", error);
    if (!ldims) return std::nullopt;
    const std::size_t count = (*idims)[0];
    if ((*idims)[1] != image_side || (*idims)[2] != image_side) {
        error = name + " images: " + std::to_string((*idims)[1]) + "×" +
                std::to_string((*idims)[2]) + " pixels (expected " + std::to_string(image_side) +
                "×" + std::to_string(image_side) + ")";
        return std::nullopt;
    }
    if ((*ldims)[0] != count) {
        error = name + ": " + std::to_string(count) + " images but " + std::to_string((*ldims)[0]) +
                " labels";
        return std::nullopt;
    }
    ImageSet s;
    s.rows = s.cols = image_side;
    const std::size_t n = std::min(keep, count);
    s.pixels.assign(images + 16, images + 16 + n * s.width());
    s.labels.assign(labels + 8, labels + 8 + n);
    if (!labels_in_range(s, name, error)) return std::nullopt;
    return s;
}

std::optional<ImageSplit> read_image_subset(const std::uint8_t* bytes, std::size_t size,
                                            std::string& error) {
    if (size < 20 || bytes[0] != 'A' || bytes[1] != 'L' || bytes[2] != 'I' || bytes[3] != '1') {
        error = "image subset: not an Activation Lab image file (bad magic number)";
        return std::nullopt;
    }
    const std::size_t n_train = be32(bytes + 4), n_test = be32(bytes + 8);
    const std::size_t rows = be32(bytes + 12), cols = be32(bytes + 16);
    if (rows != image_side || cols != image_side) {
        error = "image subset: " + std::to_string(rows) + "×" + std::to_string(cols) +
                " pixels (expected " + std::to_string(image_side) + "×" +
                std::to_string(image_side) + ")";
        return std::nullopt;
    }
    // (in 64 bits: WASM's size_t has 32, and counts near 2^32 would wrap past the size check)
    const std::size_t w = rows * cols;
    const std::uint64_t need = 20 + (std::uint64_t{n_train} + n_test) * (w + 1);
    if (std::uint64_t{size} != need) {
        error = "image subset: " + std::to_string(size) + " bytes, expected " +
                std::to_string(need) + " for " + std::to_string(n_train) + " + " +
                std::to_string(n_test) + " images (" + (size < need ? "truncated" : "overlong") +
                ")";
        return std::nullopt;
    }
    ImageSplit split;
    const std::uint8_t* p = bytes + 20;
    for (auto [set, n, name] :
         {std::tuple{&split.train, n_train, "train"}, std::tuple{&split.test, n_test, "test"}}) {
        set->rows = rows;
        set->cols = cols;
        set->pixels.assign(p, p + n * w);
        p += n * w;
        set->labels.assign(p, p + n);
        p += n;
        if (!labels_in_range(*set, std::string("image subset: ") + name, error))
            return std::nullopt;
    }
    return split;
}

std::vector<std::uint8_t> write_image_subset(const ImageSplit& split) {
    std::vector<std::uint8_t> out{'A', 'L', 'I', '1'};
    put_be32(out, split.train.size());
    put_be32(out, split.test.size());
    put_be32(out, split.train.rows);
    put_be32(out, split.train.cols);
    for (const ImageSet* s : {&split.train, &split.test}) {
        out.insert(out.end(), s->pixels.begin(), s->pixels.end());
        out.insert(out.end(), s->labels.begin(), s->labels.end());
    }
    return out;
}

}  // namespace al
