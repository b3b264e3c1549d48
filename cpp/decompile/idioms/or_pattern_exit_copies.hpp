// An or-pattern whose shared success code the optimizer copied into every
// alternative.
//
// Versions: 3.12+ (seen from 3.13; read from the bytecode only).
// Source:
//     match v:
//         case A.x | A.y:
//             return r
// Bytecode:
//     the success code of an or-pattern (POP_TOP of the alternative's copy,
//     POP_TOP of the subject's, the case body) is reached by a jump from every
//     alternative but the last. When it is a short block that leaves the
//     function, the CFG optimizer copies it to where each jump was, so no
//     alternative jumps:
//       COPY 1; COPY 1; <A.x> ==; POP_JUMP_IF_FALSE L1; POP_TOP; POP_TOP; <r>; RETURN_VALUE
//       L1: COPY 1; <A.y> ==; POP_JUMP_IF_FALSE L2; POP_TOP; POP_TOP; <r>; RETURN_VALUE
//       L2: POP_TOP; <the next case>
// Test: tests/python/decompile_cases/match_or_pattern_exit_copies_py310.py
//     (three_alternatives, dotted_values)
//
// The last alternative's success code is the one that stands for the source;
// the others must repeat it instruction for instruction.
#pragma once

#include "ir/ir.hpp"

namespace depyf::decompile {

// Whether [begin, end) is straight-line code that leaves the function at
// its last instruction (the only blocks the optimizer copies with lines).
inline bool is_leaving_block(const ir::Function& function, int begin, int end) {
  const auto& instrs = function.instrs;
  if (begin < 0 || end <= begin || end > int(instrs.size())) return false;
  for (int k = begin; k < end - 1; ++k) {
    if (instrs[k].target >= 0 || instrs[k].op == ir::Op::ReturnValue) return false;
  }
  const ir::Op last = instrs[end - 1].op;
  return last == ir::Op::ReturnValue || last == ir::Op::RaiseVarargs || last == ir::Op::Reraise;
}

// Whether [begin, end) repeats [original, original_end) instruction for instruction.
inline bool repeats_code(const ir::Function& function, int begin, int end, int original, int original_end) {
  const auto& instrs = function.instrs;
  if (end - begin != original_end - original) return false;
  for (int k = 0; k < end - begin; ++k) {
    const ir::Instr& a = instrs[begin + k];
    const ir::Instr& b = instrs[original + k];
    if (a.op != b.op || a.arg != b.arg || a.arg2 != b.arg2 || a.extra != b.extra || a.name != b.name) return false;
  }
  return true;
}

}  // namespace depyf::decompile
