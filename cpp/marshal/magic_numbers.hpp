// Which Python release wrote a .pyc, from its magic number. Each version
// owns a range of magics (its pre-releases bumped the number many times),
// so ranges rather than final values are mapped. Source: the history comment
// in CPython's Lib/importlib/_bootstrap_external.py.
#pragma once

#include <cstdint>
#include <optional>
#include <string>

#include "code/python_version.hpp"

namespace depyf {

// The 3.x version whose range holds the magic (any 3.x, supported or not).
std::optional<PythonVersion> python3_version_for_magic(std::uint16_t magic);

// "3.14", "2.7", "1.5" ..., or "" when the magic is unknown.
std::string release_name_for_magic(std::uint16_t magic);

}  // namespace depyf
