#include "ir/exception_regions.hpp"

#include <vector>

#include "bytecode/instruction.hpp"
#include "code/error.hpp"

namespace depyf::ir {

namespace {

// Handlers that only clean up and re-raise, with no source of their own:
// the generator wrapper (3.12+: CALL_INTRINSIC_1 STOPITERATION_ERROR;
// RERAISE), the throw path of a send loop (CLEANUP_THROW), the exception
// state restore after an except clause (COPY 3; POP_EXCEPT; RERAISE 1) and
// the `except ... as name` unbinding (LOAD_CONST None; STORE name; DELETE
// name; RERAISE 1) and the restore of the variables a 3.12+ inlined
// comprehension saved (SWAP 2; POP_TOP; SWAP n; STORE_FAST x...; RERAISE 0).
// Code they protect is, for the source, protected by
// whatever protects them; making them transparent keeps try-statement
// recognition about real `try` statements only.
bool is_transparent_handler(const Function& function, int start) {
  const auto& instrs = function.instrs;
  auto op_at = [&](int i) { return i < int(instrs.size()) ? instrs[i].op : Op::Nop; };
  if (op_at(start) == Op::CallIntrinsic1 && instrs[start].arg == 3 && op_at(start + 1) == Op::Reraise) return true;
  if (op_at(start) == Op::CleanupThrow) return true;
  if (op_at(start) == Op::Copy && instrs[start].arg == 3 && op_at(start + 1) == Op::PopExcept &&
      op_at(start + 2) == Op::Reraise)
    return true;
  if (op_at(start) == Op::Swap && instrs[start].arg == 2 && op_at(start + 1) == Op::PopTop &&
      op_at(start + 2) == Op::Swap && op_at(start + 3) == Op::StoreFast) {
    int i = start + 3;
    while (op_at(i) == Op::StoreFast) ++i;
    if (op_at(i) == Op::Reraise) return true;
  }
  if (op_at(start) == Op::LoadConst && is_name_store(op_at(start + 1))) {
    if (is_name_delete(op_at(start + 2)) &&
        (op_at(start + 3) == Op::Reraise || op_at(start + 3) == Op::EndFinally))
      return true;
  }
  return false;
}

void make_transparent_handlers_see_through(Function& function) {
  const int count = int(function.instrs.size());
  for (int pass = 0; pass < 8; ++pass) {  // chains of transparent handlers are short
    bool changed = false;
    for (Instr& instr : function.instrs) {
      const int h = instr.handler;
      if (h < 0 || h >= count || !is_transparent_handler(function, h)) continue;
      const Instr& outer = function.instrs[h];
      instr.handler = outer.handler;
      instr.handler_depth = outer.handler_depth;
      instr.handler_lasti = outer.handler_lasti;
      changed = true;
    }
    if (!changed) break;
  }
}

void from_exception_table(Function& function) {
  for (const ExceptionTableEntry& entry : parse_exception_table(*function.code)) {
    const int first = function.index_at_offset(entry.start);
    const int last = function.index_at_offset(entry.end);
    const int handler = function.index_at_offset(entry.target);
    if (handler >= int(function.instrs.size())) throw Error("exception handler beyond the end of " + function.code->name);
    for (int i = first; i < last && i < int(function.instrs.size()); ++i) {
      Instr& instr = function.instrs[i];
      instr.handler = handler;
      instr.handler_depth = entry.depth;
      instr.handler_lasti = entry.lasti;
      instr.in_exception_table = true;
    }
  }
}

// ≤3.10: a forward walk over the control flow carrying the block stack (the
// handlers of the SETUP_* blocks still open). The compiler guarantees every
// path reaches an instruction with the same stack; where corrupt input
// disagrees, the first path seen wins: this pass only labels, it never fails.
void from_block_stack(Function& function) {
  const int count = int(function.instrs.size());
  std::vector<std::vector<int>> stack_at(count);
  std::vector<bool> seen(count, false);
  std::vector<int> work;
  auto reach = [&](int index, const std::vector<int>& blocks) {
    if (index < 0 || index >= count || seen[index]) return;
    seen[index] = true;
    stack_at[index] = blocks;
    work.push_back(index);
  };
  reach(0, {});
  while (!work.empty()) {
    const int index = work.back();
    work.pop_back();
    Instr& instr = function.instrs[index];
    std::vector<int> blocks = stack_at[index];
    if (!blocks.empty()) instr.handler = blocks.back();
    switch (instr.op) {
      case Op::SetupFinally:
      case Op::SetupWith:
      case Op::SetupAsyncWith:
        // The handler runs with the block already popped by the unwinder.
        reach(instr.target, blocks);
        blocks.push_back(instr.target);
        reach(index + 1, blocks);
        break;
      case Op::PopBlock:
        if (!blocks.empty()) blocks.pop_back();
        reach(index + 1, blocks);
        break;
      case Op::ReturnValue:
      case Op::RaiseVarargs:
      case Op::Reraise:
      case Op::EndFinally:  // 3.8: re-raises or resumes; the successor is reached by other paths
        if (instr.op == Op::EndFinally) reach(index + 1, blocks);
        break;
      case Op::Jump:
        reach(instr.target, blocks);
        break;
      case Op::CallFinally:  // 3.8: runs the finally body and comes back
        reach(instr.target, blocks);
        reach(index + 1, blocks);
        break;
      default:
        if (instr.target >= 0) reach(instr.target, blocks);
        reach(index + 1, blocks);
        break;
    }
  }
}

}  // namespace

void assign_exception_handlers(Function& function) {
  if (function.code->version.minor >= 11) {
    from_exception_table(function);
    make_transparent_handlers_see_through(function);
  } else {
    from_block_stack(function);
    make_transparent_handlers_see_through(function);
  }
}

}  // namespace depyf::ir
