// Versions: 3.14+ (all, any, tuple), 3.15+ (list, set too).
// Source: a call of one of those builtins on a generator expression,
// `all(x for x in a)`.
// Bytecode: the generator is consumed inline when the name is the builtin,
// and called as written otherwise:
//   LOAD_GLOBAL all (module code: LOAD_NAME all; a local: LOAD_FAST all); COPY 1; LOAD_COMMON_CONSTANT all; IS_OP 0;
//   POP_JUMP_IF_FALSE call; NOT_TAKEN; POP_TOP; <inline loop, each exit a
//   jump past the call or a return>
//   call: PUSH_NULL; <generator expression>; CALL 1
// The check and the inline loop are the compiler's: they become NOPs, and
// LOAD_GLOBAL falls into the written call.
#include <string_view>

#include "ir/ir_idioms.hpp"

namespace depyf::ir {

namespace {

bool inlinable_builtin(std::string_view name) {
  return name == "all" || name == "any" || name == "tuple" || name == "list" || name == "set";
}

}  // namespace

void fold_inlined_builtin_calls(Function& function) {
  auto& instrs = function.instrs;
  const int count = int(instrs.size());
  for (int i = 0; i + 5 < count; ++i) {
    const Instr& load = instrs[i];
    // (LOAD_NAME in module and class code, after the call's PUSH_NULL. The
    // compiler checks the spelling only: a local, cell or class-body name
    // `tuple` is tested against the builtin at run time too.)
    const bool global = load.op == Op::LoadGlobal && load.arg2 == 0;
    const bool other_scope = load.op == Op::LoadName || load.op == Op::LoadFast || load.op == Op::LoadFastCheck ||
                             load.op == Op::LoadDeref || load.op == Op::LoadFromDictOrDeref ||
                             load.op == Op::LoadFromDictOrGlobals;
    if (!(global || other_scope) || !inlinable_builtin(load.name)) continue;
    if (instrs[i + 1].op != Op::Copy || instrs[i + 1].arg != 1 || instrs[i + 2].op != Op::LoadCommonConstant ||
        instrs[i + 2].name != load.name || instrs[i + 3].op != Op::Compare ||
        instrs[i + 3].arg != int(CompareOperator::Is) || instrs[i + 4].op != Op::PopJumpIfFalse ||
        instrs[i + 5].op != Op::PopTop)
      continue;
    const int call = instrs[i + 4].target;
    if (call <= i + 5 || call >= count || instrs[call].op != Op::PushNull) continue;
    // Nothing else may jump into the inline code.
    bool entered = false;
    for (int k = 0; k < count && !entered; ++k)
      entered = (k <= i || k >= call) && instrs[k].target > i && instrs[k].target < call;
    if (entered) continue;
    for (int k = i + 1; k < call; ++k) {
      instrs[k].op = Op::Nop;
      instrs[k].target = -1;
    }
    i = call;
  }
}

}  // namespace depyf::ir
