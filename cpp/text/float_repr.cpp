// repr() of float and complex, as CPython's PyOS_double_to_string with
// format 'r' produces it: the shortest digit string that reads back as the
// same double (std::to_chars gives exactly those digits), laid out with
// Python's own rules for when to use an exponent.
#include <charconv>
#include <cmath>
#include <string>

#include "text/python_repr.hpp"

namespace depyf {

namespace {

struct ShortestDigits {
  bool negative = false;
  std::string digits;     // significant digits, no leading or trailing zeros
  int decimal_point = 0;  // value = 0.DIGITS * 10**decimal_point
};

// Finite, non-zero values only.
ShortestDigits shortest_digits(double value) {
  char buffer[64];
  const auto result = std::to_chars(buffer, buffer + sizeof buffer, value, std::chars_format::scientific);
  const std::string_view text(buffer, static_cast<std::size_t>(result.ptr - buffer));
  ShortestDigits out;
  std::size_t pos = 0;
  if (text[pos] == '-') {
    out.negative = true;
    ++pos;
  }
  const std::size_t exponent_mark = text.find('e');
  for (; pos < exponent_mark; ++pos) {
    if (text[pos] != '.') out.digits += text[pos];
  }
  int exponent = 0;
  const char* exponent_begin = text.data() + exponent_mark + 1;
  if (*exponent_begin == '+') ++exponent_begin;
  std::from_chars(exponent_begin, text.data() + text.size(), exponent);
  while (out.digits.size() > 1 && out.digits.back() == '0') out.digits.pop_back();
  out.decimal_point = exponent + 1;
  return out;
}

std::string layout(const ShortestDigits& number, bool add_dot_zero) {
  std::string out = number.negative ? "-" : "";
  const int point = number.decimal_point;
  const int digit_count = static_cast<int>(number.digits.size());
  // Python's 'r' rule: scientific when the exponent is < -4 or >= 16.
  if (point <= -4 || point > 16) {
    out += number.digits[0];
    if (digit_count > 1) {
      out += '.';
      out.append(number.digits, 1);
    }
    const int exponent = point - 1;
    out += exponent < 0 ? "e-" : "e+";
    const int magnitude = exponent < 0 ? -exponent : exponent;
    if (magnitude < 10) out += '0';
    out += std::to_string(magnitude);
    return out;
  }
  if (point <= 0) {
    out += "0.";
    out.append(static_cast<std::size_t>(-point), '0');
    out += number.digits;
  } else if (point >= digit_count) {
    out += number.digits;
    out.append(static_cast<std::size_t>(point - digit_count), '0');
    if (add_dot_zero) out += ".0";
  } else {
    out.append(number.digits, 0, static_cast<std::size_t>(point));
    out += '.';
    out.append(number.digits, static_cast<std::size_t>(point));
  }
  return out;
}

// add_dot_zero: float repr writes "1.0" where complex parts write "1".
// always_sign: the imaginary part of a complex with a real part.
std::string format_double(double value, bool add_dot_zero, bool always_sign) {
  std::string text;
  if (std::isnan(value)) {
    text = "nan";  // Python never shows the sign of a NaN
  } else if (std::isinf(value)) {
    text = value < 0 ? "-inf" : "inf";
  } else if (value == 0.0) {
    text = std::signbit(value) ? "-0" : "0";
    if (add_dot_zero) text += ".0";
  } else {
    text = layout(shortest_digits(value), add_dot_zero);
  }
  if (always_sign && text[0] != '-') text.insert(text.begin(), '+');
  return text;
}

}  // namespace

std::string repr_float(double value) {
  return format_double(value, true, false);
}

std::string repr_complex(double real, double imag) {
  // A real part of +0.0 is left out (no parentheses); -0.0 is shown.
  if (real == 0.0 && !std::signbit(real)) return format_double(imag, false, false) + "j";
  return "(" + format_double(real, false, false) + format_double(imag, false, true) + "j)";
}

}  // namespace depyf
