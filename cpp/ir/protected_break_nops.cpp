// Versions: 3.14+.
// Source: a `break` (or `continue`) that is a branch's only statement,
// inside a loop that lies in a try or with body:
//   try:
//       while True:
//           g()
//           if h:
//               break
//   finally:
//       k()
// Bytecode: 3.13 keep the break's jump (`POP_JUMP_IF_FALSE L3; JUMP_FORWARD
// L4` under the try's handler). 3.14 thread the conditional jump through it
// and drop it; what is left of the break is a NOP of its line, still under
// the handler, that the conditional jump goes to, and the code after it
// (the normal path's finally copy) under none:
//   3.14  <h>; POP_JUMP_IF_TRUE L3; NOT_TAKEN; JUMP_BACKWARD L1
//         L3: NOP (line 6, protected); L4: <k()> (unprotected)
// Dropping that NOP, as every other, would land the jump outside the
// protected code, so the loop would seem to leave the try body from its
// middle. It is kept as an IR Nop carrying its protection, the end of the
// try body the break jumps to, where nothing else jumps to the code after
// it (a `while True:` loop, left by its breaks only).
#include <string_view>

#include "bytecode/instruction.hpp"
#include "ir/ir_idioms.hpp"

namespace depyf::ir {

namespace {

// The handler offset of the exception table entry covering `offset`; -1: none.
int covering_handler(const std::vector<ExceptionTableEntry>& table, int offset) {
  for (const ExceptionTableEntry& entry : table) {
    if (entry.start <= offset && offset < entry.end) return entry.target;
  }
  return -1;
}

}  // namespace

std::vector<char> find_protected_break_nops(const CodeObject& code, const std::vector<Instruction>& decoded) {
  std::vector<char> kept(decoded.size(), 0);
  if (code.version.minor < 14) return kept;
  const std::vector<ExceptionTableEntry> table = parse_exception_table(code);
  if (table.empty()) return kept;
  std::vector<char> jumped_to(code.code.size() / 2 + 1, 0);
  std::vector<char> conditional_target(jumped_to.size(), 0);
  for (const Instruction& instr : decoded) {
    if (!instr.jump_target || *instr.jump_target < 0 || *instr.jump_target / 2 >= int(jumped_to.size())) continue;
    jumped_to[*instr.jump_target / 2] = 1;
    const bool conditional = std::string_view(instr.base_opname()).substr(0, 12) == "POP_JUMP_IF_";
    if (conditional) conditional_target[*instr.jump_target / 2] = 1;
  }
  for (std::size_t i = 0; i + 1 < decoded.size(); ++i) {
    const Instruction& nop = decoded[i];
    // (The break's conditional jump goes to it; the NOP of a `while True:`
    // line, reached by the loop's jump back, is no break.)
    if (std::string_view(nop.base_opname()) != "NOP" || !conditional_target[nop.offset / 2]) continue;
    // (Where a jump goes on past the NOP too, such as the exit of a `while
    // c:` loop, that place is where the loop ends: the NOP stays dropped.
    // Code after it under another handler is no end of the protection.)
    if (covering_handler(table, nop.offset) >= 0 && covering_handler(table, decoded[i + 1].offset) < 0 &&
        !jumped_to[decoded[i + 1].offset / 2])
      kept[i] = 1;
  }
  return kept;
}

}  // namespace depyf::ir
