#include "print/string_literal.hpp"

#include <algorithm>

#include "text/python_repr.hpp"

namespace depyf::print {

std::string_view quote_text(Quote quote) {
  switch (quote) {
    case Quote::Single: return "'";
    case Quote::Double: return "\"";
    case Quote::TripleSingle: return "'''";
    case Quote::TripleDouble: return "\"\"\"";
  }
  return "'";
}

std::string_view repr_prefix(std::string_view repr) {
  std::size_t i = 0;
  while (i < repr.size() && repr[i] != '\'' && repr[i] != '"') ++i;
  return repr.substr(0, i);
}

Quote repr_quote(std::string_view repr) {
  const std::size_t i = repr_prefix(repr).size();
  return i < repr.size() && repr[i] == '"' ? Quote::Double : Quote::Single;
}

namespace {

bool is_triple(Quote quote) {
  return quote == Quote::TripleSingle || quote == Quote::TripleDouble;
}
char quote_char(Quote quote) {
  return (quote == Quote::Single || quote == Quote::TripleSingle) ? '\'' : '"';
}

// One pass over the repr body. escape_every_quote: in triple quotes, write
// each quote character escaped (the fallback when raw ones would close the
// literal).
std::optional<std::string> convert(std::string_view repr, Quote quote, bool allow_backslash, bool escape_every_quote) {
  const std::size_t prefix = repr_prefix(repr).size();
  if (repr.size() < prefix + 2) return std::nullopt;
  const char from = repr[prefix];
  const std::string_view body = repr.substr(prefix + 1, repr.size() - prefix - 2);
  const char to = quote_char(quote);
  const bool triple = is_triple(quote);

  std::string out;
  out.reserve(body.size());
  bool escaped = false;
  auto raw_char = [&](char ch) {
    if (ch == to && (!triple || escape_every_quote)) {
      out += '\\';
      escaped = true;
    }
    out += ch;
  };
  for (std::size_t i = 0; i < body.size(); ++i) {
    // (Runs of characters that are neither backslashes nor quotes are
    // copied whole.)
    const std::size_t run_end = std::min(body.find_first_of(to == '"' ? "\\\"" : "\\'", i), body.size());
    if (run_end > i) {
      out.append(body, i, run_end - i);
      i = run_end - 1;
      continue;
    }
    if (body[i] != '\\' || i + 1 >= body.size()) {
      raw_char(body[i]);
      continue;
    }
    const char next = body[++i];
    if (next == from) {
      raw_char(next);  // repr escaped its own quote; re-decide for ours
    } else if (!allow_backslash && next == 't') {
      out += '\t';
    } else if (!allow_backslash && triple && next == 'n') {
      out += '\n';
    } else {
      out += '\\';
      out += next;
      escaped = true;
    }
  }
  if (escaped && !allow_backslash) return std::nullopt;
  if (triple && !escape_every_quote) {
    // Raw quote characters must neither form the closing triple nor touch it.
    const std::string closing(3, to);
    if (out.find(closing) != std::string::npos || (!out.empty() && out.back() == to)) return std::nullopt;
  }
  return out;
}

}  // namespace

std::optional<std::string> requote_body(std::string_view repr, Quote quote, bool allow_backslash) {
  if (auto body = convert(repr, quote, allow_backslash, false)) return body;
  if (allow_backslash && is_triple(quote)) return convert(repr, quote, true, true);
  return std::nullopt;
}

std::string docstring_literal(std::string_view text) {
  const std::string repr = repr_str(text);
  // A tab or newline written raw reads back the same; anything repr() had
  // to escape (a backslash, control characters, lone surrogates, \r) would
  // not, and then the plain repr is the faithful spelling.
  for (Quote quote : {Quote::TripleDouble, Quote::TripleSingle}) {
    if (auto body = convert(repr, quote, false, false)) {
      const std::string q(quote_text(quote));
      return q + *body + q;
    }
  }
  return repr;
}

}  // namespace depyf::print
