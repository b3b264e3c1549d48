// 3.14+: the conditional jump ending a loop body inside a try body, left
// out of the exception table (header: late_loop_test_jumps.cpp).
#pragma once

#include "cfg/cfg.hpp"
#include "ir/ir.hpp"

namespace depyf::decompile {

// Whether `at` is an unprotected conditional jump ending its block right
// after its test's code, which `protection` covers (3.14+; `minor` is the
// code's Python minor version).
bool late_loop_test_jump(int minor, const ir::Function& function, const cfg::Graph& graph, int at, int protection);

}  // namespace depyf::decompile
