// Python's repr() of constants, written in C++ so the core needs no
// interpreter: float repr (shortest round-trip, Python's exponent rules),
// str/bytes quoting, containers, code objects as dis shows them.
#pragma once

#include <string>
#include <string_view>

#include "code/constant.hpp"
#include "code/python_version.hpp"

namespace depyf {

std::string repr_float(double value);
std::string repr_complex(double real, double imag);
// Which characters repr() escapes depends on the Unicode database of the
// Python version (see text/unicode_printable.hpp); pass the version the
// constant belongs to (CodeObject::version) to match that interpreter.
std::string repr_str(std::string_view utf8, PythonVersion version = kNewestSupported);
std::string repr_bytes(std::string_view raw);
// Code objects print as `<code object NAME at 0x0, file "F", line N>`: the
// address is a fixed 0x0. Opaque constants print their stored repr.
std::string repr_constant(const Constant& constant, PythonVersion version = kNewestSupported);

}  // namespace depyf
