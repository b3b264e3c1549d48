#include "print/number_literal.hpp"

#include <cmath>

#include "text/python_repr.hpp"

namespace depyf::print {

namespace {

// 1e309 overflows to inf when the literal is read, the only literal way to
// write an infinity.
constexpr const char* kInf = "1e309";

std::string replace_all(std::string text, const std::string& from, const std::string& to) {
  for (std::size_t pos = text.find(from); pos != std::string::npos; pos = text.find(from, pos + to.size())) {
    text.replace(pos, from.size(), to);
  }
  return text;
}

}  // namespace

NumberText int_literal(const std::string& decimal) {
  const bool negative = !decimal.empty() && decimal[0] == '-';
  return {decimal, negative ? Prec::Factor : Prec::Atom};
}

NumberText float_literal(double value) {
  if (std::isnan(value)) return {std::string("(") + kInf + "-" + kInf + ")", Prec::Atom};
  if (std::isinf(value))
    return value > 0 ? NumberText{kInf, Prec::Atom} : NumberText{std::string("-") + kInf, Prec::Factor};
  return {repr_float(value), std::signbit(value) ? Prec::Factor : Prec::Atom};
}

NumberText complex_literal(double real, double imag) {
  const bool real_is_zero = real == 0.0;
  const bool real_negative_sign = std::signbit(real);
  const bool imag_negative_sign = std::signbit(imag);
  if (!std::isnan(real) && !std::isnan(imag)) {
    if (real_is_zero && !real_negative_sign && !imag_negative_sign) {
      return {replace_all(repr_complex(real, imag), "inf", kInf), Prec::Atom};
    }
    if (real_is_zero && real_negative_sign && imag_negative_sign) {
      return {"-" + replace_all(repr_complex(0.0, -imag), "inf", kInf), Prec::Factor};
    }
    if (!real_is_zero && !(imag == 0.0 && imag_negative_sign)) {
      return {replace_all(repr_complex(real, imag), "inf", kInf), Prec::Atom};
    }
    if (real_is_zero && !real_negative_sign && imag < 0) {
      return {"(0-" + replace_all(repr_complex(0.0, -imag), "inf", kInf) + ")", Prec::Atom};
    }
  }
  return {"complex(" + float_literal(real).text + ", " + float_literal(imag).text + ")", Prec::Atom};
}

}  // namespace depyf::print
