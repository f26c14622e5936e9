// A data set as a CSV file, the form the CLI's `moons` and `data` commands write: an optional
// header line `x0,x1,label` (or `x,y,label`), then one point per line, `x0,x1,label` (numbers in
// the core's grammar, text_input.hpp, e.g. %.17g; the label 0 or 1). A file whose first line
// holds a ';' is read as decimal-comma spreadsheets write it: `0,5;1,2;1` (';' between fields,
// ',' or '.' as the decimal point). CRLF line ends, a byte-order mark,
// spaces around fields and blank lines (a trailing one, say) are fine. What `train --data
// FILE.csv` reads and what the page imports: both through this reader, so that they accept and
// refuse the same files with the same one-line message.
#pragma once
#include <optional>
#include <string>
#include <string_view>

#include "mlp/custom_points.hpp"

namespace al {

// The points of `text`, checked as a config's points are (custom_points.hpp). Otherwise nullopt
// and one line, naming the line (1-based) where there is one:
//   "the file is larger than 262144 bytes"
//   "line 3: expected 3 fields x0,x1,label (got 2)"  (x0;x1;label in a ';' file)
//   "line 3: x1 is not a number: 'abc'"
//   "line 3: x0 must be a number in [-10, 10] (got inf)"
//   "line 3: label must be 0 or 1 (got 2)"
//   "line 2003: more than 2000 points"
//   "the file must hold 10 to 2000 points (got 4)"
//   "the file must hold both labels, 0 and 1 (all 12 points have label 1)"
std::optional<Points> points_from_csv(std::string_view text, std::string& error);

// The points as that CSV: the header, then x0,x1,label per line, numbers as %.17g (the CLI's
// `data` output, byte for byte).
std::string points_to_csv(const Points& p);

}  // namespace al
