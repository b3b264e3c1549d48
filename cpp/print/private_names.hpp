// Private-name mangling, undone for printing. Inside `class C`, the compiler
// stores every identifier written `__x` (not ending in `__`) as `_C__x`, so
// bytecode only ever holds the mangled spelling. Printing `__x` again inside
// the printed class gives the same bytecode and what the author wrote; it
// matters beyond looks where the compiler keeps the written spelling (3.13's
// __static_attributes__ lists `self.__x` as "__x").
#pragma once

#include <string>

namespace depyf::print {

// The class name as mangling uses it: leading underscores dropped; empty
// when the class name is all underscores (then nothing is mangled).
std::string mangling_prefix(const std::string& class_name);

// `_C__x` -> `__x` for mangling prefix "C"; anything else unchanged.
std::string unmangle(const std::string& name, const std::string& prefix);

}  // namespace depyf::print
