#pragma once
// Constants the core's math shares, written once.
#include <limits>

namespace al {

inline constexpr double kPi = 3.141592653589793;  // the double nearest π (numpy's np.pi)
// "no value": a mean of nothing, an epoch without data
inline constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();

}  // namespace al
