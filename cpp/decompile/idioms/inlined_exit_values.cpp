// A conditional expression feeding a small exit tail that was copied into
// each of its branches.
//
// Versions: 3.10+ (inside a try body 3.11+).
// Source:
//     return print(f(x) if c else g(x))
// Bytecode:
//     LOAD_GLOBAL print; <c>; POP_JUMP_IF_FALSE L
//     <f(x)>; CALL_FUNCTION 1; RETURN_VALUE      (print's call: a copy of
//     L: <g(x)>; CALL_FUNCTION 1; RETURN_VALUE    the tail in each branch)
// Test: tests/python/decompile_cases/expressions.py (conditional_values_ending_alike,
//     conditional_argument_in_last_call); decompile_cases/await_in_copied_exit_values.py
//     (awaits on both sides: the tail never starts inside a send loop);
//     decompile_cases/borrowed_value_before_copied_tail.py (3.14+).
//
// 3.10+ copy a block of at most four instructions that ends the function
// into every jump to it (`inline_small_exit_blocks`, MAX_COPY_SIZE). A
// conditional expression feeding such a tail, `f(a, x if c else y)` as the
// last statement, then has no join: each branch computes its value and runs
// its own copy of the rest. Read back, the two branches are one value and one
// tail. Inside a try body (3.11+ `return x, (a if c else b)`), each copy
// leaves the try's protection before its RETURN_VALUE: the branch's block
// runs on into that one.
#include <utility>

#include "code/error.hpp"
#include "decompile/walk/function_decompiler.hpp"

namespace depyf::decompile {

namespace make = ast::make;
using ir::Op;

namespace {

constexpr int kMaxCopiedExit = 4;

bool same_instruction(const ir::Instr& x, const ir::Instr& y) {
  return x.op == y.op && x.arg == y.arg && x.arg2 == y.arg2 && x.extra == y.extra && x.name == y.name &&
         x.handler == y.handler && x.target < 0 && y.target < 0;
}

}  // namespace

// Simulates [first, end) on a copy of `stack`; the value it leaves when
// that is exactly one expression and no statement, else null. `keep`
// decides whether the instructions stay marked as decompiled.
ast::ExprPtr FunctionDecompiler::single_value_of(int first, int end, const Stack& stack, bool keep) {
  Stack scratch = stack;
  ast::Body statements;
  const std::vector<char> visited_before(visited_.begin() + first, visited_.begin() + end);
  const auto globals_before = globals_.size();
  const auto nonlocals_before = nonlocals_.size();
  bool ok = true;
  try {
    for (int i = first; i < end && ok; ++i) {
      if (function_.instrs[i].target >= 0)
        ok = false;
      else
        simulate(i, scratch, statements);
    }
  } catch (const Error&) {
    ok = false;
  }
  ok = ok && statements.empty() && scratch.size() == stack.size() + 1 && scratch.back().kind == Value::Kind::Expr;
  if (!ok || !keep) {
    std::copy(visited_before.begin(), visited_before.end(), visited_.begin() + first);
    globals_.resize(globals_before);
    nonlocals_.resize(nonlocals_before);
  }
  return ok ? scratch.back().expr : nullptr;
}

int FunctionDecompiler::try_value_before_inlined_exit(const ast::ExprPtr& test, int then_start, int else_start,
                                                      Stack& stack, int test_index) {
  const int count = int(function_.instrs.size());
  if (code_.version.minor < 10 || then_start < 0 || else_start < 0 || then_start >= count || else_start >= count)
    return -2;
  const cfg::Block& then_block = graph_.blocks[block_at(then_start)];
  const cfg::Block& else_block = graph_.blocks[block_at(else_start)];
  // (RERAISE too: the handler's copy of a finally body ends re-raising,
  // and its last statement's short tail is copied into both branches of a
  // conditional value there just as before a return: `finally: z =
  // v(a if c else b, 0)` on 3.12+.)
  auto exits = [&](const cfg::Block& block) {
    const Op op = function_.instrs[block.last].op;
    return op == Op::ReturnValue || op == Op::RaiseVarargs || op == Op::Reraise;
  };
  if (then_block.first != then_start || else_block.first != else_start) return -2;
  // Where a branch's straight code exits: its own block, or (in a try
  // body, whose protection ends before the RETURN_VALUE) the blocks it
  // runs on into alone, split only by that change of protection.
  auto exit_of = [&](int block) {
    for (int steps = 0; steps < kMaxCopiedExit; ++steps) {
      const cfg::Block& b = graph_.blocks[block];
      if (exits(b)) return b.last;
      const int next = b.last + 1;
      if (function_.instrs[b.last].target >= 0 || next >= count) return -1;
      const int next_block = block_at(next);
      const cfg::Block& n = graph_.blocks[next_block];
      if (n.first != next || n.predecessors.size() != 1 || n.predecessors[0] != block ||
          function_.instrs[next].handler == function_.instrs[b.last].handler)
        return -1;
      block = next_block;
    }
    return -1;
  };
  const int then_last = exit_of(block_at(then_start)), else_last = exit_of(block_at(else_start));
  if (then_last < 0 || else_last < 0) return -2;
  // An operand already on the stack (the call or operator the value feeds)
  // tells this apart from `if c: x = f()` / `else: x = g()`, which compiles
  // alike; so does a statement on one line, test, values and tail.
  const bool operand_below =
      !stack.empty() && (stack.back().kind == Value::Kind::Expr || stack.back().kind == Value::Kind::Null);
  // Or a tail that carries a line before the test's: the statement it
  // ends began before the test, which is then part of one of its
  // expressions (`x = (a\n if c else b)` copies `x = ...; return` into
  // both branches on the assignment's line), where the statements of
  // `if c: x = a` follow their test.
  bool tail_before_test = false;
  if (!operand_below) {
    if (!stack.empty() || test_index < 0) return -2;
    const int line = function_.instrs[test_index].line;
    if (line <= 0) return -2;
    for (const auto& [first, last] : {std::pair{then_start, then_last}, std::pair{else_start, else_last}})
      for (int i = first; i <= last && !tail_before_test; ++i)
        if (function_.instrs[i].line != line) tail_before_test = true;
  }
  auto tail_line_fits = [&](int then_tail, int else_tail) {
    if (!tail_before_test) return true;
    const int line = function_.instrs[test_index].line;
    for (int i : {then_tail, else_tail}) {
      const int tail_line = function_.instrs[i].line;
      if (tail_line <= 0 || tail_line >= line) return false;
    }
    return true;
  };
  // The longest common tail, leaving each branch at least one instruction.
  const int longest = std::min(then_last - then_start, else_last - else_start);
  int common = 0;
  while (common < longest &&
         same_instruction(function_.instrs[then_last - common], function_.instrs[else_last - common]))
    ++common;
  // The tail may also begin inside the values (`f(x)` / `g(x)` end alike):
  // the right split is where each branch has pushed just its value.
  // Only a tail of at most four instructions was copied (RETURN_CONST is
  // two in the IR, at one offset).
  auto real_instructions = [&](int first, int last) {
    int n = 0;
    for (int i = first; i <= last; ++i) n += i == first || function_.instrs[i].offset != function_.instrs[i - 1].offset;
    return n;
  };
  // (Nor may it begin inside an await or a `yield from`: after
  // GET_AWAITABLE / GET_YIELD_FROM_ITER (3.15: and the Nop a dropped NULL
  // leaves) the None sent and the send loop are part of the branch's value.
  // 3.10 `assert c, (await f() if t else await g())` copies the exit
  // `CALL_FUNCTION 1; RAISE_VARARGS 1` after each await, so the last four
  // instructions of both branches are alike.)
  auto splits_a_send = [&](int tail) {
    int k = tail - 1;
    while (k >= 0 && function_.instrs[k].op == Op::Nop) --k;
    return k >= 0 && (function_.instrs[k].op == Op::GetAwaitable || function_.instrs[k].op == Op::GetYieldFromIter);
  };
  for (int n = common; n >= 1; --n) {
    const int then_tail = then_last - n + 1, else_tail = else_last - n + 1;
    if (real_instructions(then_tail, then_last) > kMaxCopiedExit) continue;
    if (splits_a_send(then_tail) || splits_a_send(else_tail)) continue;
    if (!tail_line_fits(then_tail, else_tail)) continue;
    // (3.14+ borrow a load only for a consumer in its own block: a value
    // the tail takes from the join was never borrowed, so a borrowed load
    // right before the tail feeds the tail's first instruction inside the
    // branch. `other.x if c else self.x` copies `.x` along with the tail.
    // Only the branch jumped to tells: the one the test falls into shares
    // a block with the join's first code, borrowed either way.)
    if (code_.version.minor >= 14 && borrowed_load(code_, function_.instrs[else_tail - 1])) continue;
    if (!single_value_of(then_start, then_tail, stack, false) || !single_value_of(else_start, else_tail, stack, false))
      continue;
    ast::ExprPtr when_true = single_value_of(then_start, then_tail, stack, true);
    ast::ExprPtr when_false = single_value_of(else_start, else_tail, stack, true);
    for (int i = else_tail; i <= else_last; ++i) visited_[i] = 1;
    stack.push_back(Value::of(make::ifexp(test, when_true, when_false)));
    return then_tail;
  }
  return -2;
}

}  // namespace depyf::decompile
