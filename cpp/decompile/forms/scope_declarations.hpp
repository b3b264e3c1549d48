// `global` and `nonlocal` declarations for the stores the statement reader
// does not see (scope_declarations.cpp).
#pragma once

#include <string>
#include <vector>

#include "code/code_object.hpp"
#include "ir/ir.hpp"

namespace depyf::decompile {

// Every name `code` (a function or class body; `function` its IR) stores
// or deletes with STORE_GLOBAL / DELETE_GLOBAL, and for a function every
// name one of its comprehensions (3.8-3.11, and generator expressions on
// every version) stores with STORE_GLOBAL: each needs `global name`.
std::vector<std::string> names_declared_global(const CodeObject& code, const ir::Function& function, bool is_function);

// Every free variable of the function `code` (`function` its IR) that a
// capture pattern or a comprehension's walrus stores: each needs
// `nonlocal name`.
std::vector<std::string> names_declared_nonlocal(const CodeObject& code, const ir::Function& function);

}  // namespace depyf::decompile
