// Qualified names of nested code objects for Python <= 3.10, which has no
// co_qualname: the compiler passes the qualname to MAKE_FUNCTION instead, as
//     LOAD_CONST <code>  LOAD_CONST '<qualname>'  MAKE_FUNCTION <flags>
// so the name is recovered from the parent's instructions. 3.11+ stores it
// in the code object itself.
#pragma once

#include <cstddef>
#include <string>
#include <vector>

#include "code/code_object.hpp"

namespace depyf {

// The qualname of the code object parent.consts[const_index].
//   3.11+: that code object's own qualname.
//   <= 3.10: the first LOAD_CONST of const_index in the parent; if the next
//   instruction (EXTENDED_ARG prefixes skipped) loads a str constant and the
//   one after it is MAKE_FUNCTION, that string; otherwise the child's co_name
//   (for example a code object that is never turned into a function).
// Throws depyf::Error if const_index is not a code constant. The module
// (top-level code) has no parent and keeps co_name.
std::string qualname_for_nested(const CodeObject& parent, std::size_t const_index);

// qualname_for_nested for every constant at once (one pass over the
// instructions); entries for constants that are not code objects are empty.
std::vector<std::string> qualnames_for_nested(const CodeObject& parent);

}  // namespace depyf
