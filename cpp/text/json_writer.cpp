#include "text/json_writer.hpp"

#include <cstdio>

#include "text/utf8.hpp"

namespace depyf {

namespace {

void append_u_escape(std::string& out, unsigned value) {
  // Room for any unsigned (the callers pass at most 0xffff), so the
  // output is never cut.
  char buffer[16];
  std::snprintf(buffer, sizeof buffer, "\\u%04x", value);
  out += buffer;
}

}  // namespace

// Valid UTF-8 comes out exactly as json.dumps(s, ensure_ascii=False) writes
// it. Two inputs have no such equivalent, because json.dumps would write
// bytes that are not UTF-8, and this output must stay valid UTF-8:
//  - a lone surrogate (3-byte CESU form, as marshal stores it) is written as
//    the escape \udXXX, which json.loads turns back into that surrogate;
//  - a byte that starts no UTF-8 sequence is written as \udcXX, the
//    surrogate Python's "surrogateescape" decoding would give it.
void append_json_string(std::string& out, std::string_view utf8) {
  out += '"';
  std::size_t pos = 0;
  while (pos < utf8.size()) {
    const Utf8Char decoded = decode_utf8_char(utf8, pos);
    const char32_t ch = decoded.code_point;
    if (!decoded.valid) {
      append_u_escape(out, 0xDC00 | static_cast<unsigned>(ch));
    } else if (is_surrogate(ch)) {
      append_u_escape(out, static_cast<unsigned>(ch));
    } else {
      switch (ch) {
        case '"': out += "\\\""; break;
        case '\\': out += "\\\\"; break;
        case '\n': out += "\\n"; break;
        case '\r': out += "\\r"; break;
        case '\t': out += "\\t"; break;
        case '\b': out += "\\b"; break;
        case '\f': out += "\\f"; break;
        default:
          if (ch < 0x20) {
            append_u_escape(out, static_cast<unsigned>(ch));
          } else {
            out.append(utf8, pos, decoded.length);
          }
      }
    }
    pos += decoded.length;
  }
  out += '"';
}

}  // namespace depyf
