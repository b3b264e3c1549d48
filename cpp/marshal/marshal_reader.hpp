// Reads CPython marshal data (format versions used by 3.8-3.13, plus the
// 3.14 slice type) into the version-neutral code model. The layout of code
// objects depends on the Python version that wrote the data, which the
// caller must supply (a .pyc says it in its magic number; raw marshal data
// does not say it at all).
#pragma once

#include <string_view>

#include "code/code_object.hpp"

namespace depyf {

// Reads one object; throws depyf::Error on truncated or corrupt data,
// unknown type codes, dangling references, or excessive nesting.
ConstantPtr read_marshal_object(std::string_view data, PythonVersion version);

// Reads one object that must be a code object.
CodePtr read_marshal_code(std::string_view data, PythonVersion version);

}  // namespace depyf
