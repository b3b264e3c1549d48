// Names a function declared `nonlocal` that the statement reader does not
// see stored (nonlocal_declarations.cpp).
#pragma once

#include <string>
#include <vector>

#include "code/code_object.hpp"
#include "ir/ir.hpp"

namespace depyf::decompile {

// Every free variable of the function `code` (`function` its IR) that a
// capture pattern or a comprehension's walrus stores: each needs
// `nonlocal name`.
std::vector<std::string> names_declared_nonlocal(const CodeObject& code, const ir::Function& function);

}  // namespace depyf::decompile
