// A written `continue` right after the test of an if, against the loop's own
// jump back that the test jumps over.
//
// Versions: 3.12+.
// Source:
//     while 1:                        for x in xs:
//         line = g()                      if x:
//         if not line:                        h(x)
//             continue
//         h(line)
// Bytecode:
//     both  <test>; POP_JUMP_IF_TRUE L; JUMP_BACKWARD header; L: ...
// Test: tests/python/decompile_cases/written_continue_after_test.py (skip_blank_lines,
//     if_ends_body)
//
// 3.12+ have forward conditional jumps only, so a test that goes back to the
// loop's header jumps over a JUMP_BACKWARD of its own. When the if ends the
// loop body, that jump is the body's end and takes the if's line; a written
// `continue` keeps the line of the `continue` statement, after the test's.
#pragma once

#include "ir/ir.hpp"

namespace depyf::decompile {

// Whether the jump at `jump`, right after the conditional jump ending a
// test, has a line of its own past the test's: a written `continue`.
bool continue_with_line_of_its_own(const ir::Function& function, int jump);

}  // namespace depyf::decompile
