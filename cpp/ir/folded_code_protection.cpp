// Versions: 3.14+.
// Source: all/any/tuple (3.15: list/set too) of a generator expression
// inside a try or with body: `try: if any(not c for c in v): ...`.
// Bytecode: the call's inline loop (inlined_builtin_calls.cpp folds it into
// Nops) ends in the CFG optimizer's inverted backward jump,
// `POP_JUMP_IF_TRUE past; NOT_TAKEN; JUMP_BACKWARD loop`, made after the
// exception handlers were labelled, so under none: the exception table has
// a gap in the middle of the protected statement. Folded code does nothing
// for the source; a run of Nops under no handler between code under one
// handler takes that handler, so the try body is one protected range.
#include "ir/ir_idioms.hpp"

namespace depyf::ir {

void protect_folded_nops(Function& function) {
  auto& instrs = function.instrs;
  const int count = int(instrs.size());
  for (int i = 1; i < count; ++i) {
    if (instrs[i].op != Op::Nop || instrs[i].handler >= 0) continue;
    int end = i;
    while (end < count && instrs[end].op == Op::Nop && instrs[end].handler < 0) ++end;
    const Instr& before = instrs[i - 1];
    if (end < count && before.handler >= 0 && instrs[end].handler == before.handler &&
        instrs[end].handler_depth == before.handler_depth && instrs[end].handler_lasti == before.handler_lasti) {
      for (int k = i; k < end; ++k) {
        instrs[k].handler = before.handler;
        instrs[k].handler_depth = before.handler_depth;
        instrs[k].handler_lasti = before.handler_lasti;
      }
    }
    i = end;
  }
}

}  // namespace depyf::ir
