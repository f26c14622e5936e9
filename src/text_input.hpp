// Text that users type, read one way for every face (the CLI's flags and stdin, the page's fields,
// URL hash and element attributes): one grammar for numbers, and input quoted back in messages
// at a bounded length.
#pragma once
#include <cstddef>
#include <optional>
#include <string>
#include <string_view>

namespace al {

enum class NumberKind {
    integer,  // [+-]?digits
    real,     // [+-]?(digits[.digits] | .digits)([eE][+-]?digits)?, ',' allowed for '.'
    any,      // real, or nan, inf, infinity (any case, optional sign): activation inputs
};

// The value of `text` in that grammar, surrounding whitespace ignored; nullopt for anything else
// (0x10, 0b11, 1e1 as an integer, 1_000, 1.2.3, empty text). A decimal comma is accepted because
// a pt-PT reader types 0,3; ranges are not checked here (validate() does).
std::optional<double> parse_number(std::string_view text, NumberKind kind);

// 'text' for a message; past quote_limit characters (UTF-8 code points), its first ones and
// "…' (N characters)", so that a hostile input cannot make a message of a megabyte.
inline constexpr std::size_t quote_limit = 80;
std::string quote_input(std::string_view text, char quote = '\'');

// text without a leading UTF-8 byte-order mark (editors on Windows write one).
std::string_view strip_bom(std::string_view text);

}  // namespace al
