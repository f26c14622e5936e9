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

// `text` with every character a reader cannot see or that reorders the line shown as U+XXXX:
// C0 and C1 controls, DEL, and the bidi marks, embeddings, overrides and isolates (U+061C,
// U+200E, U+200F, U+202A–U+202E, U+2066–U+2069). Malformed UTF-8 bytes become U+FFFD.
std::string escape_input(std::string_view text);

// `text` for a message, escaped as escape_input does; past quote_limit characters (code points of
// the input), its first ones and "…", so that a hostile input cannot make a message of a
// megabyte, nor reverse or hide the rest of the line. The page shows rejected input with it.
inline constexpr std::size_t quote_limit = 80;
std::string shown_input(std::string_view text);

// 'shown_input(text)', and " (N characters)" after the quote when it was cut.
std::string quote_input(std::string_view text, char quote = '\'');

// `s` without its leading and trailing whitespace (C locale).
std::string_view trim(std::string_view s);

// text without a leading UTF-8 byte-order mark (editors on Windows write one).
std::string_view strip_bom(std::string_view text);

}  // namespace al
