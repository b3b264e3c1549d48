// Locals bound only in code the compiler dropped (dead_code_locals.cpp).
#pragma once

#include "ast/ast.hpp"
#include "cfg/cfg.hpp"
#include "code/code_object.hpp"
#include "ir/ir.hpp"

namespace depyf::decompile {

// Adds `if False: name = None` to a function's finished body for each of
// its locals that no reachable instruction of `function` (`graph` its
// blocks) binds, so that the name stays a local of the decompiled function.
void restore_dead_code_locals(const CodeObject& code, const ir::Function& function, const cfg::Graph& graph,
                              ast::Body& body);

}  // namespace depyf::decompile
