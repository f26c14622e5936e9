#pragma once
// Constants the core's math shares, written once.

namespace al {

inline constexpr double kPi = 3.141592653589793;  // the double nearest π (numpy's np.pi)

}  // namespace al
