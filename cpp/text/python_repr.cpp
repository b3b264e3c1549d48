// repr() of str, bytes and whole constants, following CPython's
// unicode_repr / bytes_repr / container reprs.
#include "text/python_repr.hpp"

#include "code/code_object.hpp"
#include "text/unicode_printable.hpp"
#include "text/utf8.hpp"

namespace depyf {

namespace {

// Python prefers single quotes and switches to double quotes only when the
// text has a single quote and no double quote.
char choose_quote(std::string_view text) {
  const bool has_single = text.find('\'') != std::string_view::npos;
  const bool has_double = text.find('"') != std::string_view::npos;
  return (has_single && !has_double) ? '"' : '\'';
}

// `prefix` then `value` as `width` lower-case hex digits. By hand, not
// snprintf: bytes literals of kept bytecode are mostly escapes.
void append_hex_escape(std::string& out, const char* prefix, unsigned value, int width) {
  static constexpr char kDigits[] = "0123456789abcdef";
  out += prefix;
  for (int shift = 4 * (width - 1); shift >= 0; shift -= 4) out += kDigits[(value >> shift) & 0xF];
}

// The escapes that str and bytes reprs share; false if `ch` needs none of them.
bool append_common_escape(std::string& out, char32_t ch, char quote) {
  switch (ch) {
    case '\\': out += "\\\\"; return true;
    case '\t': out += "\\t"; return true;
    case '\n': out += "\\n"; return true;
    case '\r': out += "\\r"; return true;
    default: break;
  }
  if (ch == static_cast<unsigned char>(quote)) {
    out += '\\';
    out += quote;
    return true;
  }
  if (ch < 0x20 || ch == 0x7F) {
    append_hex_escape(out, "\\x", static_cast<unsigned>(ch), 2);
    return true;
  }
  return false;
}

// How many characters from `pos` on print as themselves: ASCII that is
// neither a control character, a backslash nor the quote. Docstrings are
// mostly such runs, copied in one append instead of one per character.
std::size_t plain_ascii_run(std::string_view text, std::size_t pos, char quote) {
  std::size_t end = pos;
  while (end < text.size()) {
    const auto ch = static_cast<unsigned char>(text[end]);
    if (ch < 0x20 || ch >= 0x7F || ch == '\\' || ch == static_cast<unsigned char>(quote)) break;
    ++end;
  }
  return end - pos;
}

void append_code_point_escape(std::string& out, char32_t ch) {
  if (ch <= 0xFF) {
    append_hex_escape(out, "\\x", static_cast<unsigned>(ch), 2);
  } else if (ch <= 0xFFFF) {
    append_hex_escape(out, "\\u", static_cast<unsigned>(ch), 4);
  } else {
    append_hex_escape(out, "\\U", static_cast<unsigned>(ch), 8);
  }
}

std::string repr_item(const ConstantPtr& item, PythonVersion version) {
  return item ? repr_constant(*item, version) : "NULL";
}

std::string join_items(const Constant& constant, PythonVersion version) {
  std::string out;
  for (std::size_t i = 0; i < constant.items.size(); ++i) {
    if (i > 0) out += ", ";
    out += repr_item(constant.items[i], version);
  }
  return out;
}

std::string repr_dict(const Constant& dict, PythonVersion version) {
  std::string out = "{";
  for (std::size_t i = 0; i + 1 < dict.items.size(); i += 2) {
    if (i > 0) out += ", ";
    out += repr_item(dict.items[i], version) + ": " + repr_item(dict.items[i + 1], version);
  }
  return out + "}";
}

// Python prints the object's address; there is none here, so a fixed 0x0
// stands in (anything comparing with dis output must mask addresses anyway).
std::string repr_code(const CodeObject* code) {
  if (!code) return "<code object>";
  return "<code object " + code->name + " at 0x0, file \"" + code->filename + "\", line " +
         std::to_string(code->firstlineno) + ">";
}

}  // namespace

std::string repr_str(std::string_view utf8, PythonVersion version) {
  const char quote = choose_quote(utf8);
  std::string out(1, quote);
  out.reserve(utf8.size() + 2);
  std::size_t pos = 0;
  while (pos < utf8.size()) {
    if (const std::size_t run = plain_ascii_run(utf8, pos, quote)) {
      out.append(utf8, pos, run);
      pos += run;
      continue;
    }
    const Utf8Char decoded = decode_utf8_char(utf8, pos);
    if (!decoded.valid) {
      // Not UTF-8 at all: show the byte as Python's surrogateescape would
      // have decoded it, so the text stays readable and round-trips.
      append_hex_escape(out, "\\u", 0xDC00 | decoded.code_point, 4);
    } else if (append_common_escape(out, decoded.code_point, quote)) {
    } else if (is_printable_code_point(decoded.code_point, version)) {  // (plain ASCII went with the run)
      out.append(utf8, pos, decoded.length);
    } else {
      append_code_point_escape(out, decoded.code_point);
    }
    pos += decoded.length;
  }
  out += quote;
  return out;
}

std::string repr_bytes(std::string_view raw) {
  const char quote = choose_quote(raw);
  std::string out = "b";
  out += quote;
  out.reserve(raw.size() + 3);
  for (std::size_t pos = 0; pos < raw.size(); ++pos) {
    if (const std::size_t run = plain_ascii_run(raw, pos, quote)) {
      out.append(raw, pos, run);
      pos += run - 1;
      continue;
    }
    // (Plain ASCII went with the run: what is left is a common escape or
    // a byte of 0x80 or more.)
    const auto ch = static_cast<unsigned char>(raw[pos]);
    if (!append_common_escape(out, ch, quote)) append_hex_escape(out, "\\x", ch, 2);
  }
  out += quote;
  return out;
}

std::string repr_constant(const Constant& constant, PythonVersion version) {
  using Kind = Constant::Kind;
  switch (constant.kind) {
    case Kind::None: return "None";
    case Kind::Ellipsis: return "Ellipsis";
    case Kind::StopIteration: return "<class 'StopIteration'>";
    case Kind::Bool: return constant.boolean ? "True" : "False";
    case Kind::Int: return constant.text;
    case Kind::Float: return repr_float(constant.real);
    case Kind::Complex: return repr_complex(constant.real, constant.imag);
    case Kind::Bytes: return repr_bytes(constant.text);
    case Kind::Str: return repr_str(constant.text, version);
    case Kind::Tuple:
      if (constant.items.size() == 1) return "(" + join_items(constant, version) + ",)";
      return "(" + join_items(constant, version) + ")";
    case Kind::List: return "[" + join_items(constant, version) + "]";
    case Kind::Set:
      if (constant.items.empty()) return "set()";
      return "{" + join_items(constant, version) + "}";
    case Kind::FrozenSet:
      if (constant.items.empty()) return "frozenset()";
      return "frozenset({" + join_items(constant, version) + "})";
    case Kind::Dict: return repr_dict(constant, version);
    case Kind::FrozenDict:  // like frozenset: the empty one is frozendict()
      return constant.items.empty() ? "frozendict()" : "frozendict(" + repr_dict(constant, version) + ")";
    case Kind::Slice: return "slice(" + join_items(constant, version) + ")";
    case Kind::Code: return repr_code(constant.code.get());
    case Kind::Opaque: return constant.text;
  }
  return constant.text;
}

}  // namespace depyf
