// Accuracy in float32 ulp against a double-precision truth, for the kernels' tests (activations,
// softmaxes).
#pragma once
#include <cmath>
#include <limits>

namespace ulp {

// What every kernel keeps within: 4 ulp of the true value.
inline constexpr double kUlpBound = 4.0;

// The true value, and the magnitude whose ulp is the unit of error (for most functions the value
// itself, plain()).
struct Truth {
    double value, scale;
};
inline Truth plain(double v) { return {v, std::fabs(v)}; }

// Error of `got` in ulp of a float of magnitude `scale`; NaN if the truth is not a normal float.
inline double ulp_error(float got, Truth t) {
    if (!(std::fabs(t.value) >= std::numeric_limits<float>::min() &&
          std::fabs(t.value) <= std::numeric_limits<float>::max()))
        return std::nan("");
    double ulp = std::ldexp(1.0, std::ilogb(static_cast<float>(t.scale)) - 23);
    return std::fabs(static_cast<double>(got) - t.value) / ulp;
}

}  // namespace ulp
