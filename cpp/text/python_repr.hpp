// Python's repr() of constants, written in C++ so the core needs no
// interpreter: float repr (shortest round-trip, Python's exponent rules),
// str/bytes quoting, containers, code objects as dis shows them.
#pragma once

#include <string>
#include <string_view>

#include "code/constant.hpp"

namespace depyf {

std::string repr_float(double value);
std::string repr_complex(double real, double imag);
std::string repr_str(std::string_view utf8);
std::string repr_bytes(std::string_view raw);
std::string repr_constant(const Constant& constant);

}  // namespace depyf
