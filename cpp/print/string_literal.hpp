// Quoting of str/bytes literals beyond what repr() does: re-quoting a repr
// with a chosen quote, writing it without any backslash (needed inside
// f-string replacement fields before 3.12), and docstrings.
#pragma once

#include <optional>
#include <string>
#include <string_view>

namespace depyf::print {

enum class Quote { Single, Double, TripleSingle, TripleDouble };

std::string_view quote_text(Quote quote);  // ' " ''' """

// The body (between the quotes) of a str or bytes literal for `quote`,
// given its repr (repr_str / repr_bytes output, prefix letters included).
// With allow_backslash false, tabs (and, in triple quotes, newlines) are
// written raw and nullopt is returned if anything else would need an escape
// or the text cannot be enclosed in `quote` without one.
std::optional<std::string> requote_body(std::string_view repr, Quote quote, bool allow_backslash);

// The prefix letters of a repr ("" for str, "b" for bytes).
std::string_view repr_prefix(std::string_view repr);

// The quote repr() chose.
Quote repr_quote(std::string_view repr);

// A docstring: triple-quoted if that reads back as exactly the same text,
// else repr_str(text).
std::string docstring_literal(std::string_view text);

}  // namespace depyf::print
