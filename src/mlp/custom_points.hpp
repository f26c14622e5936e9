// A reader's own data set ("dataset": "custom"): the points themselves, as a config's "points"
// ([[x0, x1, label], ...]) or a CSV file (points_csv.hpp) gives them. One set of checks for both,
// so that a drawn set, a permalink, a file and the CLI accept and refuse the same points.
#pragma once
#include <cstddef>
#include <optional>
#include <string>
#include <string_view>

#include "json.hpp"
#include "mlp/moons.hpp"
#include "settings.hpp"

namespace al {

namespace limits {
// 10 points at least (as n): every split the config allows then keeps a point in the test set,
// and validate() says so when a split leaves the training set empty. 2000 at most: what a reader
// draws or a permalink carries, and the generated sets' default n.
inline constexpr Range points{10, 2000, false, true};
// The largest |coordinate| accepted: the generated sets stay within about ±4 (noise 2: ±10).
inline constexpr double coord_max = 10;
inline constexpr Range coord{-coord_max, coord_max, false, false};
// A CSV file of points: 2000 lines of two %.17g numbers and a label are about 100 KB.
inline constexpr std::size_t points_csv_max_bytes = std::size_t{256} << 10;
}  // namespace limits

// "" or the message for the first bad value of one point (x0, x1, label), each named by its
// field: "<field x0> must be a number in [-10, 10] (got 11)" (NaN and infinities fail too),
// "<field label> must be 0 or 1 (got 2)".
std::string check_point(double x0, double x1, double label, const std::string (&fields)[3]);

// "" or "<what> must hold 10 to 2000 points (got 4)".
std::string check_point_count(std::size_t n, std::string_view what);
// "" or "<what> must hold both labels, 0 and 1 (all 12 points have label 1)".
std::string check_both_labels(const Points& p, std::string_view what);

// What validate() says of a config's points: each point named as the JSON path of its values
// (0-based: "points[3][0]" is x0 of the fourth point), then the count and both labels.
std::string check_config_points(const Points& p);

// Config "points": an array of [x0, x1, label] arrays of numbers; nullopt and a message naming
// the first bad element otherwise ("points[3] must be an array [x0, x1, label] (got number)").
// The values themselves are check_config_points' (validate()).
std::optional<Points> points_from_value(const json::Value& v, std::string& error);
// [[x0, x1, label], ...], numbers in their shortest round-trip form.
json::Value points_value(const Points& p);

}  // namespace al
