// Where the repeated test of a `while` loop starts. 3.10+ compile
// `while c: body` as `if c: do { body } while (c)`; when the body ends in
// straight-line code, the latch's copy of `c` shares its basic block, so
// the test starts mid-block: at the longest run of instructions before the
// latch's first jump that repeat, on the `while` line, the ones before the
// top test's first jump.
#include <algorithm>

#include "decompile/walk/function_decompiler.hpp"

namespace depyf::decompile {

using ir::is_conditional_jump;
using ir::Op;

namespace {

bool same_load(const ir::Instr& a, const ir::Instr& b) {
  auto plain = [](Op op) { return op == Op::LoadFastCheck ? Op::LoadFast : op; };
  return plain(a.op) == plain(b.op) && a.arg == b.arg && a.arg2 == b.arg2 && a.extra == b.extra && a.name == b.name;
}

Op inverted(Op op) {
  switch (op) {
    case Op::PopJumpIfFalse: return Op::PopJumpIfTrue;
    case Op::PopJumpIfTrue: return Op::PopJumpIfFalse;
    case Op::PopJumpIfNone: return Op::PopJumpIfNotNone;
    case Op::PopJumpIfNotNone: return Op::PopJumpIfNone;
    default: return op;
  }
}

}  // namespace

// A compound test (`while a or b:`) is repeated jump for jump: walk both
// copies backwards in step from their last jumps (which differ: the top one
// leaves, the latch one loops). A jump into the body is a conditional jump
// back (≤3.11) or, 3.12+, an inverted jump over a JUMP_BACKWARD. The latch
// copy starts where the two stop matching, provided the top's first jump
// was matched.
int FunctionDecompiler::repeated_compound_test_start(int latch_last, int top_first, int top_last, int lowest) const {
  const auto& instrs = function_.instrs;
  int k = latch_last - 1;
  int t = top_last - 1;
  // Where each matched top instruction's copy starts: a jump between two
  // operands of the test targets the copy of its target.
  std::vector<int> copy_of(std::max(top_last + 1, 0), -1);
  if (top_last >= 0) copy_of[top_last] = latch_last;
  auto same_target = [&](int top_target, int latch_target) {
    if (top_target > t && top_target <= top_last) return copy_of[top_target] == latch_target;
    // (3.10+ give each exit its own copy of short code ending the function.)
    return top_target == latch_target || exit_copy_length(latch_target, top_target) > 0;
  };
  while (k >= lowest && t >= 0) {
    const ir::Instr& a = instrs[k];
    const ir::Instr& b = instrs[t];
    // A jump before the test's first one is an operand of an enclosing
    // condition (`if x: while a and b`, or `while x and a and b` read in
    // parts when x holds a short-circuit of its own): its copy is no part
    // of this test, and taking it would drop x from the loop.
    if (t < top_first && is_conditional_jump(b.op)) break;
    if (is_conditional_jump(b.op)) {
      if (is_conditional_jump(a.op) && a.op == b.op && same_target(b.target, a.target)) {
        copy_of[t] = k;
        --k;
      } else if (a.op == Op::Jump && same_target(b.target, a.target) && k - 1 >= lowest &&
                 instrs[k - 1].op == inverted(b.op) && instrs[k - 1].target == k + 1) {
        copy_of[t] = k - 1;
        k -= 2;
      } else {
        break;
      }
    } else if (b.op == Op::Jump && a.op == Op::Jump) {
      // (A chained comparison's jump past its cleanup to the next operand:
      // `while a <= s[i] <= b or c:`.)
      if (!same_target(b.target, a.target)) break;
      copy_of[t] = k;
      --k;
    } else {
      if (a.target >= 0 || !same_load(a, b) || a.line != b.line) break;
      copy_of[t] = k;
      --k;
    }
    --t;
  }
  return t < top_first ? k + 1 : -1;
}

int FunctionDecompiler::repeated_chain_test_start(int latch_last, int top_first, int then_start) const {
  const auto& instrs = function_.instrs;
  const int count = int(instrs.size());
  auto is_cleanup = [&](int at) { return at >= 0 && at < count && instrs[at].op == Op::PopTop; };
  // The top test: its first jump goes to the chain's cleanup, right after
  // the jump into the body that follows its final jump.
  const int top_cleanup = instrs[top_first].target;
  if (instrs[top_first].op != Op::PopJumpIfFalse || !is_cleanup(top_cleanup) || top_cleanup < 2 ||
      instrs[top_cleanup - 1].op != Op::Jump || instrs[top_cleanup - 1].target != then_start)
    return -1;
  const int top_last = top_cleanup - 2;
  if (!is_conditional_jump(instrs[top_last].op) || !is_conditional_jump(instrs[latch_last].op)) return -1;
  // Walk both copies backwards in step; the jumps between the operands go
  // to each copy's own cleanup.
  int k = latch_last - 1;
  int t = top_last - 1;
  while (k >= then_start && t >= 0) {
    const ir::Instr& a = instrs[k];
    const ir::Instr& b = instrs[t];
    if (is_conditional_jump(b.op)) {
      if (a.op != b.op || !is_cleanup(a.target) || !is_cleanup(b.target) || a.line != b.line) break;
    } else if (a.target >= 0 || b.target >= 0 || !same_load(a, b) || a.line != b.line) {
      break;
    }
    --k;
    --t;
  }
  return t < top_first ? k + 1 : -1;
}

int FunctionDecompiler::repeated_test_start(int block_first, int latch_jump, int top_jump) const {
  const auto& instrs = function_.instrs;
  const int line = instrs[latch_jump].line;
  int start = latch_jump;
  for (int k = latch_jump - 1, t = top_jump - 1; k >= block_first && t >= 0 && t != k; --k, --t) {
    // (Both copies keep the test's line: a body on the test's line, `while
    // w.a is not None: w = w.a`, may end with what the code before the
    // loop ended with too.)
    if (!same_load(instrs[k], instrs[t]) || instrs[k].line != line || instrs[t].line != line) break;
    start = k;
  }
  return start;
}

// 3.10+ `if x: while a: ...` jumps to one place when x or a is false, so
// x and a read like `x and a`; the loop's latch repeating the test from
// `first` on (and not from the chain's first jump) says the while test
// starts there.
bool FunctionDecompiler::starts_inverted_while_test(int first, int chain_jump) const {
  const auto& instrs = function_.instrs;
  const int count = int(instrs.size());
  if (code_.version.minor < 10) return false;
  // The loop header the test falls into: right after its last jump.
  const cfg::Loop* loop = nullptr;
  int header = -1;
  for (int i = first; i < count && i < first + 64 && loop == nullptr; ++i) {
    const Op op = instrs[i].op;
    if (instrs[i].target >= 0 && !is_conditional_jump(op)) return false;
    if (op == Op::ReturnValue || op == Op::RaiseVarargs || op == Op::Reraise) return false;
    if (!is_conditional_jump(op) || i + 1 >= count) continue;
    const int block = block_at(i + 1);
    if (graph_.blocks[block].first != i + 1 || instrs[i + 1].op == Op::ForIter) continue;
    for (const cfg::Loop& candidate : graph_.loops)
      if (candidate.header == block) loop = &candidate;
    header = i + 1;
  }
  if (loop == nullptr) return false;
  for (int candidate : loop->latches) {
    const cfg::Block& b = graph_.blocks[candidate];
    int latch_last = -1;
    if (is_conditional_jump(instrs[b.last].op) && instrs[b.last].target == header) {
      latch_last = b.last;
    } else if (instrs[b.last].op == Op::Jump && b.first == b.last && b.predecessors.size() == 1) {
      const cfg::Block& p = graph_.blocks[b.predecessors[0]];
      if (is_conditional_jump(instrs[p.last].op) && p.last + 1 == b.first) latch_last = p.last;
    }
    if (latch_last < 0) continue;
    if (repeated_compound_test_start(latch_last, first, header - 1, header) >= 0 &&
        repeated_compound_test_start(latch_last, chain_jump, header - 1, header) < 0)
      return true;
  }
  return false;
}

// 3.10+ `while c:` whose body has a `continue`: the continue jumps back to
// the test at the top, which makes that test a loop header of its own,
// around the `if c: do { body } while (c)` loop. Returns where to go on, or
// -2 when the header at `block` is not such a test.
int FunctionDecompiler::try_inverted_while_at_header(int block, const cfg::Loop* loop, const Region& region,
                                                     Stack& stack, ast::Body& out) {
  const cfg::Block& head = graph_.blocks[block];
  if (code_.version.minor < 10 || !is_conditional_jump(function_.instrs[head.last].op) ||
      !is_pure_condition_block(block, stack, /*allow_loop_header=*/true, /*allow_chain_start=*/true))
    return -2;
  const std::vector<char> visited_before = visited_;
  const auto globals_before = globals_.size();
  Stack condition_stack = stack;
  const Condition condition = trial_condition(head.first, head.last, condition_stack);
  int follow = -2;
  const int count = int(function_.instrs.size());
  if (condition.expr && loop) {
    const bool then_is_true = condition.true_target == condition.next;
    const ast::ExprPtr test = condition_form(condition.expr, !then_is_true);
    const int else_start = then_is_true ? condition.false_target : condition.true_target;
    // Leaving by the test leaves the loop around it (an outer `while 1:`
    // whose body starts with the while loop goes on inside).
    if (else_start >= 0 && else_start < count && !loop->contains[block_at(else_start)])
      follow = try_inverted_while(test, condition.next, else_start, region, condition_stack, out, head.last,
                                  /*top_test=*/head.first);
  }
  if (follow == -2) {
    visited_ = visited_before;
    globals_.resize(globals_before);
    return -2;
  }
  for (int i = head.first; i <= head.last; ++i) visited_[i] = 1;
  stack = condition_stack;
  return follow;
}

// 3.12+ `while c:` ending the body of an enclosing loop: the top test
// jumps into the body when c holds and falls into a lone JUMP_BACKWARD to
// the enclosing loop's header (no conditional jump goes backwards), so
// the condition reads as `if not c: continue` with the loop after it.
// `jump` is that lone jump, `body` the while loop's body right after it:
// read the loop with the enclosing header as its exit.
int FunctionDecompiler::try_inverted_while_left_to_outer_loop(const ast::ExprPtr& test, int jump, int body,
                                                              const Region& region, Stack& stack, ast::Body& out,
                                                              int index) {
  const auto& instrs = function_.instrs;
  if (code_.version.minor < 12 || region.loop == nullptr || body != jump + 1 || !is_lone_jump(jump, -1) ||
      !region.loop->continues_at(instrs[jump].target))
    return -2;
  const int follow = try_inverted_while(test, body, instrs[jump].target, region, stack, out, index);
  if (follow != -2) visited_[jump] = 1;
  return follow;
}

// Whether the loop's body jumps forward over `exit`, the place a top test
// would leave to: `while True: if a: X` + `else: break` (or `return`) + Y.
// A `while a:` loop lays its body out in one piece and leaves after it;
// the if statement lays the else clause out between X, which jumps over
// it, and Y. (≤3.9 thread the test's jump through the else clause's lone
// break and leave that jump dead after X's jump over it; that says so only
// where no other test in the body leaves to the exit: `while c: if a: X`
// + `elif b: Y` + `else: break` + Z threads b's jump the same way.)
bool FunctionDecompiler::body_jumps_over_exit(const cfg::Loop& loop, int exit,
                                              const std::vector<int>& test_blocks) const {
  const auto& instrs = function_.instrs;
  const int count = int(instrs.size());
  // (Asked only ≤3.9, where the dead break is read.)
  const bool only_test_leaves =
      code_.version.minor <= 9 && std::all_of(graph_.blocks.begin(), graph_.blocks.end(), [&](const cfg::Block& b) {
        return !b.reachable || !loop.contains[b.id] || !is_conditional_jump(instrs[b.last].op) ||
               instrs[b.last].target != exit ||
               std::find(test_blocks.begin(), test_blocks.end(), b.id) != test_blocks.end();
      });
  for (const cfg::Block& b : graph_.blocks) {
    if (!b.reachable || !loop.contains[b.id]) continue;
    const ir::Instr& jump = instrs[b.last];
    if (jump.op != Op::Jump || jump.target <= b.last + 1 || jump.target >= count) continue;
    if (!loop.contains[block_at(jump.target)]) continue;
    if (b.last < exit && exit < jump.target) return true;
    const int dead = b.last + 1;
    if (only_test_leaves && jump.target == dead + 1 && instrs[dead].op == Op::Jump && instrs[dead].target == exit &&
        !graph_.blocks[block_at(dead)].reachable)
      return true;
  }
  return false;
}

}  // namespace depyf::decompile
