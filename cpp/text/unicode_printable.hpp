// Python's str.isprintable() for one code point: the test repr() uses to
// decide whether to escape a character. It depends on the Unicode database
// the Python version ships (3.8: Unicode 12.1 ... 3.15: 17.0), so the answer
// comes from a table generated under every reference interpreter
// (tools/gen_unicode_printable.py) and is exact for each of them.
#pragma once

#include "code/python_version.hpp"

namespace depyf {

// Versions outside 3.8-3.15 get the nearest supported version's answer.
bool is_printable_code_point(char32_t code_point, PythonVersion version);

}  // namespace depyf
