// `match` statements (3.10+). The compiler keeps the subject on the stack
// across the cases: every case but the last one tested copies it (COPY 1 /
// DUP_TOP), its pattern consumes the copy and jumps to the next case when it
// fails, then a guard may jump there too, and POP_TOP drops the subject
// before the body. The last case tested uses the subject itself; a trailing
// `case _:` is compiled as plain code after it (a NOP keeps its line).
// A single-case match compiles like an if statement or an assignment and is
// read as one (same bytecode), so this only starts at a copied first case.
#include <algorithm>

#include "ast/factory.hpp"
#include "code/error.hpp"
#include "decompile/forms/match_patterns.hpp"
#include "decompile/idioms/or_pattern_exit_copies.hpp"
#include "decompile/walk/function_decompiler.hpp"

namespace depyf::decompile {

using ir::is_conditional_jump;
using ir::Op;
namespace make = ast::make;

namespace {

bool is_store(Op op) {
  return op == Op::StoreFast || op == Op::StoreName || op == Op::StoreGlobal || op == Op::StoreDeref;
}

bool is_value_load(Op op) {
  return op == Op::LoadConst || op == Op::LoadGlobal || op == Op::LoadName || op == Op::LoadFast ||
         op == Op::LoadDeref || op == Op::LoadAttr;
}

// A pattern's test jumps to `fail` when it does not match. 3.12+ cannot
// jump backwards conditionally, so a last case inside a loop whose failure
// goes back to the loop's top tests with the opposite jump over a JUMP to
// it: `POP_JUMP_IF_TRUE +1; JUMP_BACKWARD top`. Sets `fail` and `next` (the
// success code); false when the code at `at` is neither form.
bool read_pattern_jump(const ir::Function& function, int at, Op fail_op, Op match_op, int& fail, int& next) {
  const int count = int(function.instrs.size());
  if (at < 0 || at >= count) return false;
  const ir::Instr& test = function.instrs[at];
  if (test.op == fail_op) {
    fail = test.target;
    next = at + 1;
    return true;
  }
  if (test.op == match_op && test.target == at + 2 && at + 1 < count && function.instrs[at + 1].op == Op::Jump) {
    fail = function.instrs[at + 1].target;
    next = at + 2;
    return true;
  }
  return false;
}

}  // namespace

FunctionDecompiler::CasePattern FunctionDecompiler::read_case_pattern(int at, const Stack& stack) {
  CasePattern result;
  const int count = int(function_.instrs.size());
  if (at < 0 || at >= count) return result;
  const ir::Instr& first = function_.instrs[at];
  if (first.op == Op::Copy && first.arg == 1) return read_or_pattern(at, stack);
  if (first.op == Op::PopTop) {
    result.pattern = make::match_as(nullptr, std::nullopt);
    result.next = at + 1;
    return result;
  }
  if (is_store(first.op)) {
    result.pattern = make::match_as(nullptr, first.name);
    result.next = at + 1;
    return result;
  }
  // 3.12+ `case None:` tests the copy with POP_JUMP_IF_NOT_NONE.
  if (read_pattern_jump(function_, at, Op::PopJumpIfNotNone, Op::PopJumpIfNone, result.fail, result.next)) {
    result.pattern = make::match_singleton(ast::as<ast::Constant>(make::none())->value);
    return result;
  }
  // A literal or dotted name compared with == (or `is` for singletons).
  int compare = at;
  // (only loads of a constant or a dotted name come before the comparison)
  while (compare < count && compare < at + 16 && is_value_load(function_.instrs[compare].op)) ++compare;
  int fail = -1;
  int next = -1;
  if (compare >= count || function_.instrs[compare].op != Op::Compare ||
      !read_pattern_jump(function_, compare + 1, Op::PopJumpIfFalse, Op::PopJumpIfTrue, fail, next))
    return result;
  const auto op = ir::CompareOperator(function_.instrs[compare].arg);
  Stack scratch;
  ast::Body none;
  try {
    for (int k = at; k < compare; ++k) simulate(k, scratch, none);
  } catch (const Error&) {
    return result;
  }
  if (scratch.size() != 1 || scratch[0].kind != Value::Kind::Expr || !none.empty()) return result;
  const ast::ExprPtr value = scratch[0].expr;
  if (op == ir::CompareOperator::Is && is_singleton_constant(value))
    result.pattern = make::match_singleton(ast::as<ast::Constant>(value)->value);
  else if (op == ir::CompareOperator::Eq && is_value_pattern_expr(value))
    result.pattern = make::match_value(value);
  else
    return result;
  (void)stack;
  result.next = next;
  result.fail = fail;
  return result;
}

// `a | b | c` of literal or singleton alternatives: each alternative tests
// a copy of the value and jumps to the shared success code, POP_TOP of the
// value; after the last one fails, POP_TOP and a jump to the next case.
FunctionDecompiler::CasePattern FunctionDecompiler::read_or_pattern(int at, const Stack& stack) {
  CasePattern result;
  const int count = int(function_.instrs.size());
  auto op_at = [&](int i) { return i >= 0 && i < count ? function_.instrs[i].op : Op::Nop; };
  std::vector<ast::PatternPtr> alternatives;
  int pos = at;
  int joined = -1;  // the shared success code
  bool success_copies = false;  // each alternative runs its own copy of it
  int copy_end = -1;            // (where that copy ends)
  while (op_at(pos) == Op::Copy && function_.instrs[pos].arg == 1) {
    // (nested or-patterns are not read: no recursion over runs of COPY)
    if (op_at(pos + 1) == Op::Copy) return CasePattern{};
    CasePattern alternative = read_case_pattern(pos + 1, stack);
    if (!alternative.pattern || alternative.fail < 0 || ast::as<ast::MatchOr>(alternative.pattern) ||
        ast::as<ast::MatchAs>(alternative.pattern))
      return CasePattern{};
    const int jump = alternative.next;
    // The success code copied into each alternative (or_pattern_exit_copies.hpp):
    // the last alternative's copy is read as the case's, the others repeat it.
    const bool copied_success = op_at(jump) == Op::PopTop && alternative.fail > jump &&
                                is_leaving_block(function_, jump, alternative.fail);
    if (alternatives.empty()) success_copies = copied_success;
    if (success_copies) {
      if (!copied_success) return CasePattern{};
      if (joined >= 0 && !repeats_code(function_, jump, alternative.fail, joined, copy_end)) return CasePattern{};
      joined = jump;
      copy_end = alternative.fail;
      alternatives.push_back(alternative.pattern);
      pos = alternative.fail;
      continue;
    }
    if (op_at(jump) != Op::Jump || function_.instrs[jump].target <= jump) return CasePattern{};
    if (joined >= 0 && function_.instrs[jump].target != joined) return CasePattern{};
    joined = function_.instrs[jump].target;
    alternatives.push_back(alternative.pattern);
    pos = alternative.fail;
    if (pos != jump + 1) return CasePattern{};
  }
  if (alternatives.size() < 2 || op_at(pos) != Op::PopTop || op_at(joined) != Op::PopTop) return CasePattern{};
  if (success_copies) {
    // The POP_TOP of the value after the last alternative failed lies past
    // the case's success code: covered here, the next case follows it.
    visited_[pos] = 1;
    result.fail = pos + 1;
  } else if (op_at(pos + 1) == Op::Jump && joined == pos + 2) {
    result.fail = function_.instrs[pos + 1].target;
  } else if (joined > pos + 1 && op_at(joined - 1) == Op::ReturnValue) {
    // The optimiser copied the returning code after the match in.
    result.fail = pos + 1;
  } else {
    return CasePattern{};
  }
  result.pattern = make::match_or(std::move(alternatives));
  result.next = joined + 1;
  return result;
}

// Reads a guard starting at `at` whose false branch goes to `fail`.
ast::ExprPtr FunctionDecompiler::read_case_guard(int at, int fail, Stack& stack, int& next) {
  const int count = int(function_.instrs.size());
  int jump = at;
  while (jump < count && !is_conditional_jump(function_.instrs[jump].op)) ++jump;
  if (jump >= count) return nullptr;
  ast::Body none;
  Condition condition;
  try {
    for (int k = at; k < jump; ++k) simulate(k, stack, none);
    condition = read_condition(jump, stack);
  } catch (const Error&) {
    return nullptr;
  }
  if (!none.empty()) return nullptr;
  if (!condition.expr || condition.false_target != fail || condition.true_target != condition.next) return nullptr;
  next = condition.next;
  return condition.expr;
}

// Whether the code at `index` is a structural pattern's test of the value
// on the stack: loads of a class (and its keyword names), then MATCH_CLASS,
// or MATCH_SEQUENCE / MATCH_MAPPING right away.
bool FunctionDecompiler::starts_structural_pattern(int index) const {
  if (!has_structural_patterns_) return false;
  const int count = int(function_.instrs.size());
  int i = index;
  while (i < count && i < index + 16 && is_value_load(function_.instrs[i].op)) ++i;
  if (i >= count) return false;
  const Op op = function_.instrs[i].op;
  return op == Op::MatchClass || ((op == Op::MatchSequence || op == Op::MatchMapping) && i == index);
}

int FunctionDecompiler::try_match_statement(int index, const Region& region, Stack& stack, ast::Body& out) {
  const int count = int(function_.instrs.size());
  if (code_.version.minor < 10 || stack.empty() || stack.back().kind != Value::Kind::Expr) return -2;
  // (A single-case match of a structural pattern tests the subject itself:
  // no COPY; it cannot be read as an if statement.)
  const bool starts_copied = function_.instrs[index].op == Op::Copy && function_.instrs[index].arg == 1;
  if (!starts_copied && !starts_structural_pattern(index)) return -2;
  const std::vector<char> saved_visited = visited_;
  const Stack saved_stack = stack;
  auto give_up = [&] {
    visited_ = saved_visited;
    stack = saved_stack;
    return -2;
  };
  // The first case must look like one before anything is committed.
  {
    CasePattern probe = read_case_pattern(index + 1, stack);
    const StructuredCase structured = read_structured_case(index);
    if (structured.pattern && (structured.copied || !starts_copied))
      probe = {structured.pattern, structured.next, structured.fail};
    if (!starts_copied && !(structured.pattern && !structured.copied)) return give_up();
    if (!probe.pattern || probe.fail < 0) {
      // An or-pattern this does not read (alternatives whose success code
      // the optimiser copied) still starts a match: COPY, COPY, a test.
      const bool or_pattern = index + 1 < count && function_.instrs[index + 1].op == Op::Copy &&
                              function_.instrs[index + 1].arg == 1 && read_case_pattern(index + 2, stack).fail >= 0;
      if (or_pattern) fail(index, "match statement with an or-pattern this decompiler cannot read");
      return give_up();
    }
  }
  // From here on the code is a match statement: a case this cannot read is
  // an error, never left to the generic walk (which would misread it).
  auto unsupported = [&]() -> int { fail(index, "match statement with a case this decompiler cannot read"); };
  const ast::ExprPtr subject = stack.back().expr;
  // Where the cases meet: the post-dominator of the first test.
  int end = -1;
  const int post = graph_.ipdom[block_at(index)];
  if (post >= 0) {
    const int instr = graph_.blocks[post].first;
    if (instr == region.stop || inside(instr, region)) end = instr;
  }
  struct Pending {
    ast::PatternPtr pattern;
    ast::ExprPtr guard;
    int body_start = -1;
    bool pops_subject = false;
  };
  std::vector<Pending> pending;
  int at = index;
  int after = -1;  // where the code after the match starts (-1: nothing falls out)
  std::vector<int> next_case_starts;  // where each tested case goes when it fails
  bool has_default = false;
  try {
    while (true) {
      if (at < 0 || at >= count) return unsupported();
      // (A last case tested with an or-pattern starts with the COPY of its
      // first alternative.)
      // A structural pattern says itself whether it copied the subject.
      const StructuredCase structured = read_structured_case(at);
      const bool copied = structured.pattern ? structured.copied
                                             : function_.instrs[at].op == Op::Copy && function_.instrs[at].arg == 1 &&
                                                   !read_or_pattern(at, stack).pattern;
      Stack case_stack = stack;
      if (copied) case_stack.push_back(case_stack.back());
      CasePattern p = structured.pattern ? CasePattern{structured.pattern, structured.next, structured.fail}
                                         : read_case_pattern(copied ? at + 1 : at, case_stack);
      for (int pop : structured.fail_pops) visited_[pop] = 1;
      // Only a case that is not the last one tested copies the subject, so
      // after a copied case comes another tested case, never the default
      // body: code here that is not a pattern this reads still holds the
      // subject (reading it as `case _:` would take the wrong value).
      if (!p.pattern) return unsupported();
      for (int k = at; k < p.next; ++k) {
        // (an or-pattern may hold a copy of the code its failure goes to,
        // which is walked where it is read as code)
        if (p.fail > at && p.fail < p.next && k >= p.fail && k < p.next - 1) continue;
        visited_[k] = 1;
      }
      int body = p.next;
      ast::ExprPtr guard;
      // A guard: conditional code between a copied case's pattern and its
      // POP_TOP, jumping to the next case. (The last case tested pops no
      // copy: a guard there compiles like an if statement opening its body,
      // which is how it is read.)
      if (copied && !(body < count && function_.instrs[body].op == Op::PopTop)) {
        int jump = body;
        while (jump < count && !is_conditional_jump(function_.instrs[jump].op)) ++jump;
        if (jump >= count) return unsupported();
        const int fail = p.fail >= 0 ? p.fail : function_.instrs[jump].target;
        int next = -1;
        Stack trial = stack;
        guard = read_case_guard(body, fail, trial, next);
        if (!guard) return unsupported();
        body = next;
        p.fail = fail;
      }
      // The last case tested: a condition opening its body that goes
      // where the pattern fails (the default case) is its guard; one that
      // goes past the match compiles alike either way, read as an if.
      if (!copied && p.fail >= 0 && body < count) {
        int jump = body;
        while (jump < count && !is_conditional_jump(function_.instrs[jump].op)) ++jump;
        // (A guard that is a chained comparison, `case 2 if y < 2 != 0:`,
        // first jumps to its cleanup, POP_TOP, which goes on to where the
        // pattern fails by a jump or through a copy of that code;
        // read_case_guard checks where the whole condition goes.)
        const bool chain_cleanup = jump < count && function_.instrs[jump].target >= 0 &&
                                   function_.instrs[function_.instrs[jump].target].op == Op::PopTop;
        if (jump < count &&
            (resolve_jumps(function_.instrs[jump].target) == resolve_jumps(p.fail) || chain_cleanup)) {
          const std::vector<char> before_guard = visited_;
          int next = -1;
          Stack trial = stack;
          trial.pop_back();  // (the last case consumed the subject)
          const int guard_fail = chain_cleanup ? p.fail : function_.instrs[jump].target;
          if (ast::ExprPtr last_guard = read_case_guard(body, guard_fail, trial, next)) {
            guard = last_guard;
            body = next;
          } else {
            visited_ = before_guard;
          }
        }
      }
      if (copied) {
        if (body >= count || function_.instrs[body].op != Op::PopTop) return unsupported();
        visited_[body] = 1;
        ++body;
      }
      pending.push_back({p.pattern, guard, body, copied});
      if (p.fail > at) next_case_starts.push_back(p.fail);
      if (p.fail < 0) {  // irrefutable last case: nothing after it is tested
        after = -1;
        break;
      }
      at = p.fail;
      if (!copied) {
        after = at;
        break;
      }
    }
    // A post-dominator inside the patterns (a case's success code, when every
    // other path raises: raising paths are dead ends for it) is no join of
    // the cases; they meet nowhere, as if every case left.
    if (end >= 0 && end > index && end < pending.back().body_start) end = -1;
    // A last case that fails back to the top of a loop: the match ends its
    // body (3.12+ jump there instead of to the loop's end). Any other
    // backward failure is no shape read here.
    if (after >= 0 && after <= index) {
      if (after != region.stop) return unsupported();
    } else if (after >= 0 && end >= 0 && after != end && after != region.stop) {
      // The last tested case failing goes to the default case or past the match.
      has_default = true;
    }
    // No post-dominator (a case leaves the loop or returns): a case body
    // ending just before the default one jumps past the match.
    if (end < 0 && after > index && function_.instrs[after - 1].op == Op::Jump &&
        function_.instrs[after - 1].target > after &&
        (function_.instrs[after - 1].target == region.stop || inside(function_.instrs[after - 1].target, region)) &&
        !(region.loop && function_.instrs[after - 1].target == region.loop->follow)) {
      end = function_.instrs[after - 1].target;
      has_default = true;
    }
    // Still no join, but a case body that does not leave (and so jumps past
    // the match, the code before the next case's test) where another one
    // returns or raises (`case 1: x = f()` + `case 2: if c: return`): all
    // such bodies must jump to the same place past every case body.
    if (end < 0) {
      int target = -1;
      for (const int start : next_case_starts) {
        const ir::Instr& jump = function_.instrs[start - 1];
        if (jump.op != Op::Jump || jump.target <= pending.back().body_start) continue;
        if (!(jump.target == region.stop || inside(jump.target, region))) continue;
        if (region.loop && (jump.target == region.loop->follow || region.loop->continues_at(jump.target))) continue;
        target = target < 0 || target == jump.target ? jump.target : -2;
      }
      if (target >= 0 && (after < 0 || target > after)) {
        end = target;
        if (after > index) has_default = true;
      }
    }
    // Still no join, but the body of a case tested before the last one
    // jumps to where the last one fails (`case 'a': if c: return x` with
    // code after the match that raises): no case body can enter the
    // default case, so that code follows the match.
    if (end < 0 && after > index && (after == region.stop || inside(after, region))) {
      for (std::size_t c = 0; c + 1 < pending.size() && c < next_case_starts.size() && end < 0; ++c)
        for (int k = pending[c].body_start; k < next_case_starts[c] && k < count; ++k)
          if (function_.instrs[k].target == after && (function_.instrs[k].op == Op::Jump ||
                                                       is_conditional_jump(function_.instrs[k].op))) {
            end = after;
            break;
          }
    }
    // Still no join: every case leaves (returns, or falls into a copy of
    // the implicit `return None`), so the code the last case tested fails
    // into is read as the default case, which compiles the same.
    if (end < 0 && after > index) has_default = true;
    // In a loop the cases may leave through copies of the loop's exit
    // (`break` as `return None`), which the bodies cannot tell apart here.
    if (end < 0 && region.loop && after >= 0) {
      for (int k = index; k < after; ++k) {
        const ir::Instr& jump = function_.instrs[k];
        if (jump.op == Op::Jump && jump.target > after && jump.target != region.loop->follow &&
            inside(jump.target, region))
          fail(index, "match statement in a loop whose cases do not meet");
      }
    }
    std::vector<ast::MatchCase> cases;
    bool any_fell = false;  // a case body reached the region's stop
    // Inside a loop, a body that stops without ending in a jump statement
    // left through a copy of the code after the loop (a `break` the
    // compiler replaced by the function's `return None`): not read yet.
    auto check_ending = [&](bool fell, const ast::Body& body, int start) {
      if (fell || !region.loop) return;
      const ast::Stmt* last = body.empty() ? nullptr : body.back().get();
      const bool jumps = last && (last->kind == ast::StmtKind::Return || last->kind == ast::StmtKind::Raise ||
                                  last->kind == ast::StmtKind::Break || last->kind == ast::StmtKind::Continue);
      if (!jumps) fail(start, "match case in a loop that leaves through a copy of the loop's exit");
    };
    for (const Pending& c : pending) {
      Stack body_stack = stack;
      body_stack.pop_back();
      ast::Body body;
      const bool fell =
          walk_region(c.body_start, region.sub(end >= 0 ? end : region.stop, block_at(c.body_start), region.loop),
                      body_stack, body);
      check_ending(fell, body, c.body_start);
      any_fell |= fell;
      if (body.empty()) body.push_back(make::pass());
      cases.push_back(make::match_case(c.pattern, c.guard, std::move(body)));
    }
    if (has_default) {
      Stack body_stack = stack;
      body_stack.pop_back();
      int start = after;
      if (function_.instrs[start].op == Op::Nop) visited_[start++] = 1;
      ast::Body body;
      const bool fell =
          walk_region(start, region.sub(end >= 0 ? end : region.stop, block_at(start), region.loop), body_stack, body);
      check_ending(fell, body, start);
      any_fell |= fell;
      if (body.empty()) body.push_back(make::pass());
      cases.push_back(make::match_case(make::match_as(nullptr, std::nullopt), nullptr, std::move(body)));
      after = end;
    }
    stack.pop_back();
    emit(out, make::match(subject, std::move(cases)), index);
    if (after < 0 && end < 0 && any_fell) return region.stop;
    return after >= 0 ? after : end;
  } catch (const Error&) {
    throw;
  }
}

}  // namespace depyf::decompile
