// The instructions of an `await`, as the IR leaves them.
//
// Versions: 3.15 and later differ.
// Source:   await x
// Bytecode: ≤3.14  GET_AWAITABLE; LOAD_CONST None; SEND ...     (IR: GetAwaitable; LoadConst; YieldFrom)
//           3.15   GET_AWAITABLE; PUSH_NULL; LOAD_CONST None; SEND ...
//                                                               (IR: GetAwaitable; Nop; LoadConst; YieldFrom)
#pragma once

#include "ir/ir.hpp"

namespace depyf::decompile {

// Where the None sent into the send loop of the await starting at `at` is
// loaded: past the Nop the NULL left (3.15).
inline int awaited_value_sent(const ir::Function& function, int at) {
  const auto& instrs = function.instrs;
  const bool null_left =
      function.code->version.minor >= 15 && at >= 0 && at + 1 < int(instrs.size()) && instrs[at + 1].op == ir::Op::Nop;
  return at + (null_left ? 2 : 1);
}

}  // namespace depyf::decompile
