// A conditional jump to code laid out before it.
//
// Versions: 3.12+.
// Source:
//     if c:
//         return x
//     <join, laid out earlier>
// Bytecode:
//         <test c>
//         POP_JUMP_IF_TRUE L2
//         NOT_TAKEN          (3.14+)
//         JUMP_BACKWARD join
//     L2: <return x>
// Test: tests/python/decompile_cases/inverted_backward_jump_py312.py (encode_text),
//     tests/python/decompile_cases/inverted_condition_exits.py
//
// 3.12+ have forward conditional jumps only: where the join of an if
// statement lies before the test (the test stands in code moved to the end
// after the handlers, reached only from an except clause), the compiler
// turns the jump round over a JUMP_BACKWARD of its own. That lone jump is
// no `if c: pass` clause: a written empty branch falling from code moved
// to the end into the join gets JUMP_BACKWARD_NO_INTERRUPT (the explicit
// jump push_cold_blocks_to_end adds, flowgraph.c), or keeps the NOP of
// its `pass`. (A jump back to a loop's header is the caller's to read: a
// written `continue` compiles the same.)
//
// Inside a condition the same happens to every operand's exit that goes
// back to a loop's header, each turned round over its own JUMP_BACKWARD:
//     for name in fields:
//         if a or (b and name in only):  a; POP_JUMP_IF_TRUE BODY
//             body                        b; POP_JUMP_IF_TRUE L
//                                         JUMP_BACKWARD header
//                                     L:  name in only; POP_JUMP_IF_TRUE BODY
//                                         JUMP_BACKWARD header
//                                  BODY:  body
// The condition goes on past such a jump, and the copies are one exit
// (jinja2 Node.iter_fields). A written `if not b: continue` compiles the
// same, and runs the same.

#include "decompile/walk/function_decompiler.hpp"
#include "opcodes/opcode_table.hpp"

namespace depyf::decompile {

bool inverted_backward_jump(const CodeObject& code, const ir::Instr& jump, int at) {
  if (code.version.minor < 12 || jump.op != ir::Op::Jump || jump.target < 0 || jump.target >= at ||
      jump.nop_line != 0 || jump.offset < 0 || jump.offset >= int(code.code.size()))
    return false;
  const OpcodeTable& table = opcode_table(code.version);
  // (Past the EXTENDED_ARG a long jump starts with.)
  int offset = jump.offset;
  while (offset + 2 < int(code.code.size()) &&
         static_cast<unsigned char>(code.code[offset]) == table.opcode("EXTENDED_ARG"))
    offset += 2;
  return static_cast<unsigned char>(code.code[offset]) == table.opcode("JUMP_BACKWARD");
}

bool FunctionDecompiler::inverted_condition_exit(int at) const {
  const auto& instrs = function_.instrs;
  if (at < 1 || at + 1 >= int(instrs.size()) || !is_lone_jump(at) || !inverted_backward_jump(code_, instrs[at], at))
    return false;
  const ir::Instr& test = instrs[at - 1];
  // (A written `continue` on a line of its own is a statement, not the
  // test's turned-round jump, which takes the test's line.)
  return ir::is_conditional_jump(test.op) && test.target == at + 1 && instrs[at].line == test.line &&
         graph_.blocks[block_at(at + 1)].first == at + 1;
}

bool FunctionDecompiler::same_inverted_condition_exit(int a, int b) const {
  return a != b && inverted_condition_exit(a) && inverted_condition_exit(b) &&
         function_.instrs[a].target == function_.instrs[b].target &&
         function_.instrs[a].handler == function_.instrs[b].handler;
}

}  // namespace depyf::decompile
