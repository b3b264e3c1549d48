// Source spellings of numeric constants that compile back to exactly the
// same value, with the precedence of the spelling (a leading minus makes
// `-1` a unary expression, which matters for `(-1) ** 2` and `(-1).real`).
//
// CPython has no literals for negative numbers, infinities or NaN; it folds
// `-1`, `1e309` and `1e309 - 1e309` at compile time, so those spellings give
// the same co_consts entry:
//   inf  -> 1e309            -inf -> -1e309
//   nan  -> (1e309-1e309)    (the sign and payload of a NaN are not kept:
//                             inf - inf yields the platform's default NaN)
//   -0.0 -> -0.0
// Complex numbers (before 3.14, a real operand is first widened to
// complex(x, +0.0), so signed zeros need care):
//   complex(+0.0, y>=+0)  -> 2j               (repr)
//   complex(-0.0, y<=-0)  -> -2j              (unary minus negates both parts)
//   complex(x!=0, y)      -> (1+2j) / (1-2j)  (repr; y must not be -0.0)
//   complex(+0.0, y<0)    -> (0-2j)
//   anything else (NaN parts, other signed zeros) -> complex(x, y), a call
//   that is equal in value but not a constant.
#pragma once

#include <string>

#include "print/precedence.hpp"

namespace depyf::print {

struct NumberText {
  std::string text;
  Prec prec = Prec::Atom;
};

NumberText int_literal(const std::string& decimal);
NumberText float_literal(double value);
NumberText complex_literal(double real, double imag);

}  // namespace depyf::print
