// UTF-8 as Constant::text holds it: well-formed UTF-8 plus lone surrogates
// (U+D800..U+DFFF) as 3-byte sequences, which is what CPython's marshal
// writes with the "surrogatepass" error handler. Decoding here never throws:
// printers must be able to show any bytes, so an invalid byte is reported
// as such and the caller picks an escape for it.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>

namespace depyf {

struct Utf8Char {
  char32_t code_point = 0;  // for an invalid byte: the byte's value
  std::size_t length = 1;   // bytes consumed (>= 1, so loops always advance)
  bool valid = false;       // false: text[pos] starts no well-formed sequence
};

// Decodes the sequence starting at text[pos] (pos < text.size()).
// Surrogates count as valid.
Utf8Char decode_utf8_char(std::string_view text, std::size_t pos);

// Offset of the first byte that starts no well-formed sequence (surrogates
// allowed), or std::string_view::npos when the whole text is valid.
std::size_t find_invalid_utf8(std::string_view text);

// Appends the UTF-8 form of a code point (surrogates included, as 3 bytes).
void append_utf8(std::string& out, char32_t code_point);

// Marshal's 'a'/'A'/'z'/'Z' strings are decoded by CPython as Latin-1, so a
// byte >= 0x80 in them is a code point of its own.
std::string latin1_to_utf8(std::string_view latin1);

inline bool is_surrogate(char32_t code_point) {
  return code_point >= 0xD800 && code_point <= 0xDFFF;
}

}  // namespace depyf
