// A `return` that leaves a loop, an except clause or a with loads a written
// constant only after the unwinding code; any other value is computed first
// and kept on top through the unwinding.
//
// Versions: 3.14+ (no RETURN_CONST); the value-first half 3.10+.
// Source:
//     for x in y:                 for x in y:
//         if c:                       return 1 if c else 2
//             return 1
//         return 2
// Bytecode:
//     POP_TOP                     LOAD_SMALL_INT 1
//     LOAD_SMALL_INT 1            SWAP 2
//     RETURN_VALUE                POP_TOP
//                                 RETURN_VALUE
// Test: tests/python/decompile_cases/unwound_constant_returns.py (for_if_returns_constants,
//     for_returns_conditional, clause_if_else_returns)
//
// (codegen_return: a constant return value is not kept across the unwind
// but loaded after it.) The conditional expression's arms each end in a
// copy of the shared `SWAP 2; POP_TOP; RETURN_VALUE` (an exit block of at
// most four instructions, copied into each jump to it); a constant loaded
// after a POP_TOP, POP_EXCEPT or an `except ... as name` unbinding was a
// written `return constant`. 3.12/3.13 told them apart by RETURN_CONST.
#include "decompile/walk/function_decompiler.hpp"

namespace depyf::decompile {

using ir::Op;

bool FunctionDecompiler::constant_loaded_after_unwinding(int return_index) const {
  if (code_.version.minor < 14 || return_index < 2) return false;
  const ir::Instr& load = function_.instrs[return_index - 1];
  const ir::Instr& before = function_.instrs[return_index - 2];
  if (load.op != Op::LoadConst || block_at(return_index - 2) != block_at(return_index - 1)) return false;
  return before.op == Op::PopTop || before.op == Op::PopExcept || ir::is_name_delete(before.op);
}

// (3.10-3.13 too, whose optimizer copies the same small exit (≤3.10
// ROT_TWO for SWAP 2): their AST optimizer folds every constant expression,
// so a constant kept across the unwinding is always such an arm.)
bool FunctionDecompiler::constant_loaded_before_unwinding(int return_index) const {
  if (code_.version.minor < 10 || return_index < 3) return false;
  const auto& instrs = function_.instrs;
  const int load = return_index - 3;
  const ir::Instr& swap = instrs[load + 1];
  return instrs[load].op == Op::LoadConst && graph_.blocks[block_at(load)].first == load &&
         (swap.op == Op::Swap || swap.op == Op::Rotate) && swap.arg == 2 && instrs[load + 2].op == Op::PopTop;
}

}  // namespace depyf::decompile
