// A written `continue` right after the test of an if, against the loop's own
// jump back that the test jumps over.
//
// Versions: 3.12+ (the joined continue: 3.10/3.11; 3.12+ copy the jump).
// Source:
//     while 1:                        for x in xs:
//         line = g()                      if x:
//         if not line:                        h(x)
//             continue
//         h(line)
// Bytecode:
//     both  <test>; POP_JUMP_IF_TRUE L; JUMP_BACKWARD header; L: ...
// Test: tests/python/decompile_cases/written_continue_after_test.py (skip_blank_lines,
//     if_ends_body); written_continue_after_if_py310.py
//
// 3.12+ have forward conditional jumps only, so a test that goes back to the
// loop's header jumps over a JUMP_BACKWARD of its own. When the if ends the
// loop body, that jump is the body's end and takes the if's line; a written
// `continue` keeps the line of the `continue` statement, after the test's.
#pragma once

#include <vector>

#include "ir/ir.hpp"

namespace depyf::decompile {

// Whether the jump at `jump`, right after the conditional jump ending a
// test, has a line of its own past the test's: a written `continue`.
bool continue_with_line_of_its_own(const ir::Function& function, int jump);

// Whether the jump at `jump`, where the branches of an if meet (`from`: the
// last instructions of the code reaching it), has a line past all of
// theirs: a written `continue` ending the if statement (`if a: ... else:
// ...` + `continue`). The loop's own jump back there would have no line, or
// the line of the one branch running into it.
bool joined_continue_on_line_of_its_own(const ir::Function& function, int version_minor, int jump,
                                        const std::vector<int>& from);

}  // namespace depyf::decompile
