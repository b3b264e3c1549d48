// The two disassembly outputs: a human listing in the style of dis, and JSON
// lines (one object per code object, depth first, module first) whose fields
// equal dis.get_instructions / _parse_exception_table / findlinestarts.
#pragma once

#include <string>

#include "code/code_object.hpp"

namespace depyf {

std::string text_listing(const CodeObject& code);  // recursive, like dis.dis
std::string json_listing(const CodeObject& code);  // recursive, one line per code object

}  // namespace depyf
