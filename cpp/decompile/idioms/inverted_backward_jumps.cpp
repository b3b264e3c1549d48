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
// Test: tests/python/decompile_cases/inverted_backward_jump_py312.py (encode_text)
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

}  // namespace depyf::decompile
