// Loops inside a shared finally body, whose exit into END_FINALLY must be
// found (else refused).
//
// Versions: 3.8 only (one finally body shared by all paths).
// Source:
//     try:
//         return 0
//     finally:
//         while (z and x) in l0:
//             z = 0
// Bytecode:
//     SETUP_FINALLY H; POP_BLOCK; CALL_FINALLY H; LOAD_CONST 0; RETURN_VALUE
//     H: LOAD_FAST z; JUMP_IF_FALSE_OR_POP T; LOAD_FAST x; T: LOAD_FAST l0;
//        COMPARE_OP in; POP_JUMP_IF_FALSE E; <z = 0>; JUMP_ABSOLUTE H
//     E: END_FINALLY
// Test: tests/python/behaviour_cases/finally_while_compound_test_shapes.py
//     (while_and_test_in_finally_after_return, while_or_test_in_finally)
//
// See shared_finally_return.cpp for the shared finally body.
#pragma once

#include <vector>

#include "ir/ir.hpp"

namespace depyf::decompile {

// Whether instruction `at` lies in the finally body that ends at the
// END_FINALLY `end` (SETUP_FINALLY's handler up to `end`).
bool inside_shared_finally_body(const std::vector<ir::Instr>& instrs, int at, int end);

}  // namespace depyf::decompile
