// The walk: one code object's instructions visited in order, region by
// region, each compound statement handed to its reader (conditions, loops,
// try and with statements) and straight-line code to the stack simulation;
// then the checks that nothing was left out or misread.
#include "decompile/walk/function_decompiler.hpp"

#include <algorithm>

#include "ast/children.hpp"
#include "code/error.hpp"
#include "decompile/forms/dead_code_locals.hpp"
#include "decompile/idioms/loop_end_asserts.hpp"
#include "decompile/idioms/shared_finally_loop_exit.hpp"

namespace depyf::decompile {

// 3.14 no longer repeat a while loop's test at the end of its body: the
// usual `while c:` is tested at its top again, and the body's end runs into
// a jump back to the header. Jumps to that end are threaded or copied, so
// a jump back that other code jumps to, on a line of its own, is a written
// `continue`; one that code runs into is the body's end.
bool FunctionDecompiler::falls_to_header_jump(int index) const {
  if (code_.version.minor < 14) return false;
  const cfg::Block& block = graph_.blocks[block_at(index)];
  if (block.first != index) return true;
  for (int pred : block.predecessors) {
    const ir::Instr& last = function_.instrs[graph_.blocks[pred].last];
    if (last.target == index) return false;
  }
  return true;
}

namespace make = ast::make;
using ir::Op;

namespace {

// Far more steps than any real function needs (each instruction is walked
// a small constant number of times); reaching it means a structuring bug,
// reported as an error rather than a hang.
constexpr long kStepsPerInstruction = 64;

}  // namespace

CodeKind code_kind(const CodeObject& code) {
  if (code.name == "<module>") return CodeKind::Module;
  if (code.name == "<lambda>") return CodeKind::Lambda;
  if (code.name == "<listcomp>" || code.name == "<setcomp>" || code.name == "<dictcomp>" || code.name == "<genexpr>")
    return CodeKind::Comprehension;
  if ((code.flags & (kFlagOptimized | kFlagNewLocals)) == 0) return CodeKind::Class;
  return CodeKind::Function;
}

FunctionDecompiler::FunctionDecompiler(const CodeObject& code, const DecompileOptions& options)
    : code_(code), options_(options), function_(ir::normalise(code)), graph_(cfg::build_graph(function_)) {
  kind_ = code_kind(code);
  comprehension_mode_ = kind_ == CodeKind::Comprehension;
  visited_.assign(function_.instrs.size(), 0);
  has_structural_patterns_ = std::any_of(function_.instrs.begin(), function_.instrs.end(), [](const ir::Instr& i) {
    return i.op == Op::MatchClass || i.op == Op::MatchSequence || i.op == Op::MatchMapping;
  });
  if (!graph_.blocks.empty()) normally_reachable_ = reachable_without_exceptions(0);
}

// 3.8 `return` inside `except E as name`: CALL_FINALLY runs the name's
// unbinding (LOAD_CONST None; STORE; DELETE; END_FINALLY), implicit in the source.
void FunctionDecompiler::claim_called_name_unbinding(int call, const std::string& name) {
  const int target = function_.instrs[call].target;
  const int count = int(function_.instrs.size());
  if (target >= 0 && skip_name_unbinding(target, name) == target + 3 && target + 3 < count &&
      function_.instrs[target + 3].op == Op::EndFinally)
    visited_[target + 3] = 1;
}

// For each co_consts position, the first instruction (in layout order)
// that loads it; -1 for constants no instruction loads. The order the
// compiler met constants in is evidence of where dropped code stood.
std::vector<int> FunctionDecompiler::first_constant_loads() const {
  const int count = int(code_.consts.size());
  std::vector<int> first(count, -1);
  for (int i = 0; i < int(function_.instrs.size()); ++i) {
    const ir::Instr& instr = function_.instrs[i];
    if (instr.op == Op::LoadConst && instr.arg >= 0 && instr.arg < count && first[instr.arg] < 0) first[instr.arg] = i;
  }
  return first;
}

// An async generator may only `return` bare (`return None` is a
// SyntaxError there), and its returns load None: write them bare.
ast::StmtPtr FunctionDecompiler::return_statement(ast::ExprPtr value) const {
  if ((code_.flags & kFlagAsyncGenerator) && is_none_constant(value)) value = nullptr;
  return make::return_(std::move(value));
}

bool FunctionDecompiler::is_implicit_return_copy(int return_index) const {
  if (code_.version.minor < 10 || return_index < 2) return false;
  const ir::Instr& load = function_.instrs[return_index - 1];
  // Bookkeeping before an explicit `return` takes the return's line too:
  // compare with the code before it.
  int previous = return_index - 2;
  const auto& instrs = function_.instrs;
  while (previous > 0) {
    const Op op = instrs[previous].op;
    if (op == Op::PopExcept || op == Op::PopBlock || op == Op::Nop) {
      --previous;
    } else if (previous >= 2 && ir::is_name_delete(op) && ir::is_name_store(instrs[previous - 1].op) &&
               instrs[previous - 2].op == Op::LoadConst) {
      previous -= 3;  // `except E as name` unbinding
    } else {
      break;
    }
  }
  const ir::Instr& before = instrs[std::max(previous, 0)];
  if (!loads_none(return_index - 1)) return false;
  const bool falls_in = before.target < 0 && before.op != Op::ReturnValue && before.op != Op::RaiseVarargs &&
                        before.op != Op::Reraise;
  if (falls_in) return load.line == before.line;
  // Only jumped to: the copy takes the line of the jumps that reach it.
  // (A jump ends its block, so the predecessors' last instructions are all
  // the jumps there are.)
  const cfg::Block& block = graph_.blocks[block_at(return_index - 1)];
  if (block.first != return_index - 1) return false;
  bool jumped_to = false;
  for (int predecessor : block.predecessors) {
    const ir::Instr& instr = instrs[graph_.blocks[predecessor].last];
    // (A for loop's exit too: a `return` written after the loop has a
    // line of its own, the copy the for statement's.)
    if (instr.target != return_index - 1) continue;
    if (instr.line != load.line) return false;
    jumped_to = true;
  }
  return jumped_to;
}

// Whether the code leaving protected code at `at` starts with unwinding
// that carries a line of its own, unlike the code that falls into it: a
// written statement (`return` inside a try/finally: ≤3.10 its POP_BLOCKs,
// 3.11+ the NOP left of them or POP_EXCEPT), not the end of the body
// falling through.
bool FunctionDecompiler::unwinds_with_line_of_its_own(int at) const {
  const auto& instrs = function_.instrs;
  if (at <= 0 || at >= int(instrs.size())) return false;
  int first = at;
  int line = instrs[at].nop_line;
  // (3.11+ leaving an except clause around the try: its POP_EXCEPT.)
  if (code_.version.minor >= 11 && line == 0 && instrs[at].op == Op::PopExcept) line = instrs[at].line;
  if (code_.version.minor <= 10) {
    // (Leaving an except clause around the try: POP_BLOCK; POP_EXCEPT.)
    if (instrs[at].op == Op::PopExcept && instrs[at - 1].op == Op::PopBlock) --at;
    if (instrs[at].op != Op::PopBlock) return false;
    first = at;
    while (first > 0 && instrs[first - 1].op == Op::PopBlock) --first;
    line = instrs[first].line;
  }
  if (first == 0 || line == 0) return false;
  const ir::Instr& before = instrs[first - 1];
  const bool falls_in = before.op != Op::Jump && before.op != Op::ReturnValue && before.op != Op::RaiseVarargs &&
                        before.op != Op::Reraise;
  return falls_in && before.line != line;
}

// 3.10+ give every path that falls off the end its own copy of the
// implicit `return None`; one reached from several places was written.
bool FunctionDecompiler::is_shared_return_none(int return_index) const {
  if (code_.version.minor < 10 || kind_ != CodeKind::Function || !loads_none(return_index - 1)) return false;
  const cfg::Block& block = graph_.blocks[block_at(return_index - 1)];
  // (3.12+ END_FOR falls into the return after a for loop, but the loop's
  // exit jumps past it: it is never reached.)
  const auto reached_from = std::count_if(block.predecessors.begin(), block.predecessors.end(),
                                          [&](int predecessor) { return graph_.blocks[predecessor].reachable; });
  if (block.first != return_index - 1 || inlined_into_loop(block.id)) return false;
  if (reached_from >= 2) return true;
  // 3.10 and 3.11 copy a small exit block with no line of its own into
  // the jump to it (extend_block): a jump still there went to a
  // `return` the source wrote (boltons mkdir_p, a try whose except
  // clause returns or raises, then `return`).
  if (code_.version.minor > 11 || reached_from != 1) return false;
  // (Not one laid out right after a copy of it: the return after a with
  // statement, which the with's handler fell into too, copied there
  // (click BaseCommand.main).)
  if (returns_none_at(block.first - 2)) return false;
  return std::any_of(block.predecessors.begin(), block.predecessors.end(), [&](int predecessor) {
    const cfg::Block& from = graph_.blocks[predecessor];
    const ir::Instr& last = function_.instrs[from.last];
    return from.reachable && last.op == Op::Jump && last.target == block.first;
  });
}

// A block outside every loop laid out between a loop's header and its jump
// back: a break's copy of the exit after the loop (`if a or b: break`,
// both conditions' jumps going to it), not code written after the loop.
bool FunctionDecompiler::inlined_into_loop(int block) const {
  const int first = graph_.blocks[block].first;
  return std::any_of(graph_.loops.begin(), graph_.loops.end(), [&](const cfg::Loop& loop) {
    if (loop.contains[block] || loop.latches.empty()) return false;
    int last_latch = -1;
    for (int latch : loop.latches) last_latch = std::max(last_latch, graph_.blocks[latch].last);
    return graph_.blocks[loop.header].first < first && first < last_latch;
  });
}

bool FunctionDecompiler::ends_in_implicit_return(const ast::Body& body) const {
  return !body.empty() && holds(implicit_return_copies_, body.back().get());
}

void FunctionDecompiler::check_everything_decompiled() const {
  for (const cfg::Block& block : graph_.blocks) {
    if (!block.reachable) continue;
    for (int i = block.first; i <= block.last; ++i) {
      if (visited_[i]) continue;
      const bool is_handler = std::any_of(function_.instrs.begin(), function_.instrs.end(),
                                          [&](const ir::Instr& instr) { return instr.handler == block.first; });
      fail(i, is_handler ? "exception handling (try/except/finally/with) is not decompiled yet"
                         : "code that the structuring did not reach");
    }
  }
}

void FunctionDecompiler::emit(ast::Body& out, ast::StmtPtr stmt, int instr_index) {
  if (instr_index >= 0 && instr_index < int(function_.instrs.size()) && stmt->lineno == 0)
    stmt->lineno = function_.instrs[instr_index].line;
  out.push_back(std::move(stmt));
}

void FunctionDecompiler::fail(int instr_index, const std::string& message) const {
  std::string where = code_.qualname.empty() ? code_.name : code_.qualname;
  if (instr_index >= 0 && instr_index < int(function_.instrs.size())) {
    const ir::Instr& instr = function_.instrs[instr_index];
    where += " at offset " + std::to_string(instr.offset) + " (" + ir::op_name(instr.op) + ")";
  }
  throw Error("cannot decompile " + where + ": " + message);
}

namespace {

// Nesting limits. Real code nests far less (CPython's own compiler stops at
// a few hundred levels); corrupt input must get an error, not a stack
// overflow.
constexpr int kMaxWalkDepth = 400;
constexpr int kMaxCodeNesting = 200;
thread_local int code_nesting = 0;

struct DepthGuard {
  int& depth;
  explicit DepthGuard(int& d) : depth(d) { ++depth; }
  ~DepthGuard() { --depth; }
};

}  // namespace

bool FunctionDecompiler::walk_region(int begin, const Region& region, Stack& stack, ast::Body& out,
                                     bool enter_loop_header) {
  DepthGuard guard(walk_depth_);
  if (walk_depth_ > kMaxWalkDepth) fail(begin, "control structures nested too deeply");
  const int count = int(function_.instrs.size());
  const long step_limit = kStepsPerInstruction * (count + 16);
  int i = begin;
  bool first = true;
  const std::size_t entry_depth = stack.size();
  while (true) {
    if (i < 0) return false;
    if (i == region.stop && !(first && enter_loop_header)) {
      if (region.stopped_at) *region.stopped_at = i;
      return true;
    }
    // Code running on into a copy of the code where the region stops (an
    // exit block 3.12+ duplicated into the branch, lines and all, where the
    // other paths jump to it) reaches the stop.
    if (!first && region.stop > i && stack.size() == entry_depth && falls_into_exit_copy(i, region.stop)) {
      if (region.stopped_at) *region.stopped_at = region.stop;
      return true;
    }
    if (i >= count) fail(count - 1, "control falls off the end of the code");
    if (++steps_ > step_limit) fail(i, "structuring does not terminate");
    // `except E as name` unbinds the name where the clause ends.
    if (!region.clause_name.empty()) {
      const int after = skip_name_unbinding(i, region.clause_name);
      if (after != i) {
        i = after;
        first = false;
        continue;
      }
    }
    // Code under a handler that does not protect this region: a try body.
    // (3.12+ jumps back into the protected code are left unprotected;
    // 3.11+ `async for` headers are protected by their END_ASYNC_FOR.)
    if (function_.instrs[i].handler != region.protection &&
        !(region.protection >= 0 && jumps_back_into(i, region.protection)) && async_for_handler(i) < 0) {
      const int handler = outermost_new_handler(i, region.protection);
      if (handler < 0) {  // left the protected code: the region ends here
        if (return_through_with_exit(i, region, stack, out)) return false;
        if (loop_jump_through_with_exit(i, region, stack, out)) return false;
        // (3.13: the jump ending a branch, left out of the protection, to
        // where the region stops, or to where the jump there goes.)
        const bool jump_to_stop = region.protection >= 0 && region.stop >= 0 &&
                                  lone_jump_out_of(i, region.protection) &&
                                  (function_.instrs[i].target == region.stop ||
                                   (lone_jump_out_of(region.stop, region.protection) &&
                                    function_.instrs[i].target == function_.instrs[region.stop].target));
        if (jump_to_stop) {
          visited_[i] = 1;
          if (region.stopped_at) *region.stopped_at = region.stop;
          return true;
        }
        if (region.stopped_at) *region.stopped_at = i;
        return true;
      }
      // A loop whose header the compiler put first in a try body inside
      // it (3.11+ drop the NOP before the try): the loop comes first, the
      // try is its body's first statement.
      const bool at_own_header = first && enter_loop_header;
      if (at_own_header || !loop_leaves_protection(i, handler)) {
        try_at_loop_header_ = at_own_header ? i : -1;
        i = decompile_try(i, handler, region, stack, out);
        first = false;
        continue;
      }
    } else if (region.finally_length > 0 && i + region.finally_length < count &&
               function_.instrs[i].op == function_.instrs[region.finally_start].op &&
               !within_protection(i, region.finally_start - (code_.version.minor >= 11 ? 1 : 0))) {
      // (Code the finally's own handler protects is the try body's: the
      // same statement as the finally body, before a jump, is no copy.)
      bool copy = true;
      for (int k = 0; k < region.finally_length && copy; ++k)
        copy = same_instruction_at(i + k, region.finally_start + k);
      const Op after = function_.instrs[i + region.finally_length].op;
      if (copy && (after == Op::ReturnValue || after == Op::Jump)) {
        for (int k = 0; k < region.finally_length; ++k) visited_[i + k] = 1;
        i += region.finally_length;
        continue;
      }
    }
    // (3.12+: the code after a while loop, or a copy of it, where a
    // break's jump was, dropped_break_jumps.cpp.)
    if (region.loop && !region.loop->dropped_breaks.empty() && take_dropped_break(i, *region.loop)) {
      emit(out, make::break_(), i);
      return false;
    }
    // Body code that goes on at the loop's follow leaves the loop: a break
    // whose jump went away (3.10+ thread a nested for loop's break that
    // lands on this loop's break straight to its target).
    if (region.loop && (i == region.loop->break_by_falling_in || (!first && i == region.loop->follow))) {
      emit(out, make::break_(), i);
      return false;
    }
    visited_[i] = 1;
    const int block = block_at(i);
    // (A try body starting at the header of the loop being walked, is
    // still inside that loop: not a loop of its own.)
    const bool at_own_header = (first && enter_loop_header) || (region.loop && region.loop->header_block == block);
    first = false;
    if (!at_own_header && graph_.blocks[block].first == i && graph_.loop_headed_by(block)) {
      i = decompile_loop(block, region, stack, out);
      // A nested loop whose breaks go on to the enclosing loop's next
      // iteration (≤3.9 thread them to its header, past the `continue`
      // written after the loop) is followed by that `continue`; walking
      // on from the header would walk the enclosing body again, without end.
      if (region.loop && i >= 0 && i != region.stop && region.loop->continues_at(i)) {
        emit(out, make::continue_(), i);
        return false;
      }
      continue;
    }
    const ir::Instr& instr = function_.instrs[i];
    // A match statement's first case copies its subject, unless it is the
    // only one (a structural pattern then tests the subject itself).
    if (instr.op == Op::Copy || (code_.version.minor >= 10 && starts_structural_pattern(i))) {
      const int next = try_match_statement(i, region, stack, out);
      if (next != -2) {
        i = next;
        continue;
      }
    }
    switch (instr.op) {
      case Op::PopJumpIfFalse:
      case Op::PopJumpIfTrue:
      case Op::PopJumpIfNone:
      case Op::PopJumpIfNotNone:
        i = decompile_conditional(i, region, stack, out);
        continue;
      case Op::JumpIfFalseOrPop:
      case Op::JumpIfTrueOrPop:
        i = decompile_value_bool(i, region, stack);
        continue;
      case Op::Jump: {
        const int target = instr.target;
        if (region.loop && ((region.loop->explicit_continues && region.loop->continues_at(target) &&
                             !falls_to_header_jump(i)) ||
                            i == region.loop->final_continue || continue_to_header_nop(i, *region.loop))) {
          emit(out, make::continue_(), i);
          return false;
        }
        if (target == region.stop) {
          if (region.stopped_at) *region.stopped_at = target;
          return true;
        }
        // ≤3.9 may leave a jump to the jump that ends an enclosing if's
        // branch (the peephole optimizer threads only some): through it,
        // the jump reaches the stop too.
        if (region.stop >= 0 && target > i && target < region.stop && function_.instrs[target].op == Op::Jump &&
            resolve_jumps(target) == region.stop && code_.version.minor <= 9) {
          for (int k = target; k != region.stop; k = function_.instrs[k].target) visited_[k] = 1;
          if (region.stopped_at) *region.stopped_at = region.stop;
          return true;
        }
        // ... and a jump threaded through a lone jump at the stop (the end
        // of an enclosing if's branch jumping over its else clause) goes
        // where that jump goes: it reaches the stop.
        if (region.stop >= 0 && target > region.stop && is_lone_jump(region.stop, -1) &&
            resolve_jumps(region.stop) == target) {
          if (region.stopped_at) *region.stopped_at = region.stop;
          return true;
        }
        // 3.10/3.11 thread a jump to the loop's jump back to its header
        // when both carry one line: a lone jump back on a line of its own,
        // past the handlers of the try whose body jumps to it, is a
        // `continue` written after the try (distutils.bcppcompiler
        // BCPPCompiler.compile).
        if (written_continue_after_try(i, region)) {
          visited_[target] = 1;
          emit(out, make::continue_(), target);
          return false;
        }
        // A jump to the loop's own jump back to its header ends the body
        // too (3.11 put that jump after the handlers of a try ending the
        // loop body; the sweep finds 3.8/3.9 bodies that need it as well).
        if (region.stop >= 0 && target > i && target < int(function_.instrs.size()) &&
            function_.instrs[target].op == Op::Jump && function_.instrs[target].target == region.stop && region.loop &&
            region.loop->continues_at(region.stop) && graph_.blocks[block_at(target)].first == target) {
          visited_[target] = 1;
          if (region.stopped_at) *region.stopped_at = region.stop;
          return true;
        }
        // 3.11+ leave a try body in a loop by the loop's jump back to its
        // header placed after the protected range; when a `continue` out of
        // a with inside the body already took its own such jump as the
        // first code outside (the region's stop), the body's end reaches it.
        if (region.loop && region.protection >= 0 && region.stop >= 0 && target > i && visited_[region.stop] &&
            function_.instrs[region.stop].op == Op::Jump &&
            region.loop->continues_at(function_.instrs[region.stop].target) &&
            !within_protection(target, region.protection) && function_.instrs[target].op == Op::Jump &&
            function_.instrs[target].target == function_.instrs[region.stop].target &&
            graph_.blocks[block_at(target)].first == target) {
          visited_[target] = 1;
          if (region.stopped_at) *region.stopped_at = region.stop;
          return true;
        }
        // A jump to a copy of the code where the region stops (an exit
        // block the compiler duplicated) reaches it too.
        if (region.stop >= 0 && target > i && !visited_[target] && same_exit(region.stop, target)) {
          if (region.stopped_at) *region.stopped_at = region.stop;
          return true;
        }
        // A jump to the while test repeated at the end of the body is code
        // running off the body's end (an except clause of a try that ends
        // it), where the statement around it goes on.
        if (region.loop && is_repeated_loop_test(*region.loop, target)) {
          if (region.stopped_at) *region.stopped_at = target;
          return true;
        }
        if (region.loop && region.loop->continues_at(target) && threaded_through_latch(i, region.stop, region)) {
          visited_[i] = 1;
          if (region.stopped_at) *region.stopped_at = region.stop;
          return true;
        }
        if (region.loop && region.loop->continues_at(target)) {
          emit(out, make::continue_(), i);
          return false;
        }
        if (region.loop && (target == region.loop->follow || is_break_return_copy(target, region.loop->follow))) {
          // (Claim the break's own copy of the return, through its RETURN_VALUE.)
          if (target != region.loop->follow)
            for (int k = target; k < int(function_.instrs.size()) && !visited_[k]; ++k) {
              visited_[k] = 1;
              if (function_.instrs[k].op == Op::ReturnValue) break;
            }
          emit(out, make::break_(), i);
          return false;
        }
        // (3.8: a branch jumping past its own end to the END_FINALLY of the
        // finally body around it: the if was read without the else that
        // leaves, which would then run after the branch. Refused.)
        if (region.finally_end >= 0 && target == region.finally_end && region.stop >= 0 && target > region.stop)
          fail(i, "branch in a finally body jumping past its if to the finally's end");
        if (target > i && inside_loop_body(target, region)) {
          // (A jump straight to the finally body's END_FINALLY: see
          // refuse_branch_into_finally_end.)
          if (region.finally_end >= 0 && target == region.finally_end) ++finally_end_arrivals_;
          // (3.8: past it, out of the finally body: a `break` whose loop
          // was not found (its jump back is dead, `while 1:` + a finally
          // body that breaks). Read on there, the code after the loop
          // would run inside the finally body, while the exception is
          // still being handled (difftest 24000:25566).)
          if (region.finally_end >= 0 && target > region.finally_end)
            fail(i, "a jump out of a finally body past its END_FINALLY (a break out of a loop not found)");
          i = target;
          continue;
        }
        // A protected jump to code past the protection that only the
        // protected code goes on to leaves the try body there (3.11+: an
        // inner with's suppressing handler running on into the outer
        // with's normal exit and its jump past the try body).
        if (region.protection >= 0 && target > i && leaves_protection_at(target, region)) {
          if (region.stopped_at) *region.stopped_at = target;
          return true;
        }
        fail(i, "jump out of the structured region");
      }
      case Op::ReturnValue: {
        ast::ExprPtr value = class_return_value(pop_expr(stack, i), out);
        // Module and class bodies cannot return: inside a loop, reaching
        // (a copy of) their implicit `return None` is leaving the loop, a
        // `break` to the end of the code.
        if ((kind_ == CodeKind::Module || kind_ == CodeKind::Class) && region.loop && is_none_constant(value)) {
          emit(out, make::break_(), i);
          exit_breaks_.push_back(out.back());
          return false;
        }
        emit(out, return_statement(value), i);
        if (is_implicit_return_copy(i)) implicit_return_copies_.push_back(out.back());
        if (is_shared_return_none(i)) written_returns_.push_back(out.back());
        // 3.12+ fuse `return constant` into RETURN_CONST before copying
        // returns into branches: an unfused pair is such a copy.
        // (3.14+ have no RETURN_CONST: where the return leaves a loop or a
        // clause, the order of the load and the unwinding tells instead;
        // 3.10+ a constant kept across it is a conditional's arm.)
        if (code_.version.minor >= 12 && i > 0 && function_.instrs[i - 1].op == Op::LoadConst &&
            function_.instrs[i - 1].offset != instr.offset && !constant_loaded_after_unwinding(i))
          branch_return_copies_.push_back(out.back());
        else if (code_.version.minor >= 10 && ast::as<ast::Constant>(value) && constant_loaded_before_unwinding(i))
          branch_return_copies_.push_back(out.back());
        return false;
      }
      case Op::RaiseVarargs: {
        ast::ExprPtr cause = instr.arg >= 2 ? pop_expr(stack, i) : nullptr;
        ast::ExprPtr exc = instr.arg >= 1 ? pop_expr(stack, i) : nullptr;
        auto raise = make::raise(exc, cause);
        // 3.10+ drop the test of an assert that always fails (`assert 0,
        // msg`, `assert False`): only its raise is left.
        if (ast::ExprPtr message; raises_assertion_error(*raise, message))
          emit(out, make::assert_(failing_assert_test(), message), i);
        else
          emit(out, raise, i);
        if (instr.arg == 0) bare_raises_.emplace_back(out.back(), i);
        return false;
      }
      case Op::ForIter:
        fail(i, "FOR_ITER outside a recognised loop");
      case Op::BeforeWith:
      case Op::BeforeAsyncWith:
      case Op::SetupWith:
        i = decompile_with(i, region, stack, out);
        continue;
      case Op::CallFinally:
        claim_called_name_unbinding(i, region.clause_name);
        ++i;
        continue;
      case Op::SetupFinally:
      case Op::PopBlock:
        // ≤3.10 block bookkeeping: the handler of each instruction already
        // says what is protected (a SETUP_FINALLY's body starts a try at its
        // first protected instruction).
        ++i;
        continue;
      case Op::PopFinally:
        // 3.8: a return (or break/continue) leaving a finally body drops
        // the finally's block first; the value the function pushed before
        // the try for it is dropped next.
        ++i;
        continue;
      case Op::BeginFinally:
        // 3.8: the normal entry into a shared finally body or a clause's
        // name unbinding; END_FINALLY there is its end.
        ++i;
        continue;
      case Op::EndFinally:
        if (region.finally_end >= 0 && i == region.finally_end) {
          if (region.loop && inside_shared_finally_body(function_.instrs, region.loop->continue_target, i))
            fail(i, "loop in a finally body whose exit into END_FINALLY was not found");
          return false;
        }
        ++i;
        continue;
      case Op::PopExcept: {
        // (3.11+ `return v` two or more clauses deep: after the clause's own
        // POP_EXCEPT, `SWAP 2; POP_EXCEPT` moves v below each enclosing
        // clause's previous exception and drops that; the stack is back at
        // the clause's depth there, but the clause does not end.)
        const bool enclosing_unwind = code_.version.minor >= 11 && i >= 2 && function_.instrs[i - 1].op == Op::Swap &&
                                      function_.instrs[i - 1].arg == 2 && function_.instrs[i - 2].op == Op::PopExcept;
        if (region.clause_depth >= 0 && int(stack.size()) == region.clause_depth && !enclosing_unwind) {
          // A break/continue out of the clause also ends with POP_EXCEPT
          // (the clause's end only when it has no other).
          int after = skip_name_unbinding(i + 1, region.clause_name);
          // (Leaving a try/finally around the try too: the finally body's
          // copy runs before the jump.)
          // (3.8 call a named clause's own unbinding first: past that call
          // too, or a break/continue in the else clause of a for loop in
          // the clause read as the clause's end, and the loop lost its else.)
          const bool calls_unbinding = after < count && function_.instrs[after].op == Op::CallFinally &&
                                       unbinds_name_at(function_.instrs[after].target, region.clause_name);
          // (And the exit calls of with statements left, innermost first.)
          int past = past_finally_copies(calls_unbinding ? after + 1 : after, region);
          if (region.with_handler >= 0) past = past_with_exit_calls(past);
          // (And enclosing except clauses left, innermost first.)
          if (const int outer = past_enclosing_clause_exits(past);
              outer != past && !shared_with_other_paths(after, outer))
            past = past_finally_copies(outer, region);
          if (past != after) {
            const int exit = loop_exit_jump(past, region);
            if (exit >= 0) {
              if (region.clause_ends) region.clause_ends->push_back(-1 - i);
              if (code_.version.minor >= 11) pop(stack, i);
              for (int k = after; k <= exit; ++k) visited_[k] = 1;
              // (3.8: the unbinding the call runs is this statement's code.)
              if (calls_unbinding) claim_called_name_unbinding(after, region.clause_name);
              // (Not a jump: a for loop's break running its own copy of the
              // short code after the loop, 3.10+.)
              emit(out, loop_exit_statement(exit, region), exit);
              return false;
            }
          }
          if (const int exit = loop_exit_jump(after, region); exit >= 0) {
            if (region.clause_ends) region.clause_ends->push_back(-1 - i);
            if (code_.version.minor >= 11) pop(stack, i);
            if (function_.instrs[exit].op != Op::Jump) {  // a copy of the code after the loop
              for (int k = after; k <= exit; ++k) visited_[k] = 1;
              emit(out, make::break_(), after);
              return false;
            }
            i = after;
            continue;
          }
          // A loop inside the clause ends the clause: 3.10+ give a break
          // out of it its own copy of the clause's end and the short code
          // after the try (a loop in the clause leaves it only by its follow).
          // (3.13+: the copies of the clause's end that breaks run lie
          // anywhere; the follow is the first.)
          if (region.loop != nullptr && (region.loop->follow > i || copied_clause_end(i, region.loop->follow)) &&
              function_.instrs[region.loop->follow].op == Op::PopExcept) {
            // (3.13: the clause's end itself, copied into the break.)
            const int n = copied_clause_end(i, region.loop->follow) ? clause_end_copy_length(i)
                                                                    : exit_copy_length(i, region.loop->follow);
            if (n > 0) {
              for (int k = i; k < i + n; ++k) visited_[k] = 1;
              emit(out, make::break_(), i);
              return false;
            }
          }
          // (A loop inside the clause reaches the clause's end only through
          // its follow: a POP_EXCEPT inside it that unwinds to a return is a
          // `return` in the loop, never the clause's end.)
          // (≤3.10: a return from a try in the clause inside a
          // try/finally runs the finally body's copy before its constant:
          // past that copy too, `except E: try: return` + `except F:`,
          // difftest 24000:17283.)
          auto unwinds_to_return_past_copies = [&](int at) {
            if (unwinds_to_return(at)) return true;
            if (code_.version.minor < 9 || code_.version.minor > 10) return false;
            const int past = past_finally_copies(at, region);
            return past != at && unwinds_to_return(past);
          };
          const bool returns_from_loop =
              region.loop != region.clause_loop && i != region.clause_end_at && unwinds_to_return(after);
          if (!returns_from_loop &&
              (!region.clause_returns || !unwinds_to_return_past_copies(after) || i == region.clause_end_at)) {
            // A loop inside the clause reaches the clause's end only through
            // its follow, where the walk of its body stops: code that leaves
            // the clause from inside it is a copy of something else (3.10 put
            // a break out of an enclosing loop after a for/else straight into
            // the inner loop's break).
            if (region.loop != region.clause_loop) fail(i, "the except clause is left from inside a loop in it");
            if (region.clause_ends) region.clause_ends->push_back(i);
            if (region.stopped_at) *region.stopped_at = i;
            return true;
          }
        }
        // (Not a return where a value other than a constant is loaded after
        // the unwinding: a `break` out of a while loop running its own copy
        // of the short code after the loop, loop_exit_clauses.cpp.)
        if (const int after = skip_name_unbinding(i + 1, region.clause_name),
            n = while_break_copy_length(after, region);
            n > 0 && function_.instrs[after].op != Op::LoadConst) {
          if (code_.version.minor >= 11) pop(stack, i);
          for (int k = after; k < after + n; ++k) visited_[k] = 1;
          emit(out, make::break_(), after);
          return false;
        }
        // Unwinding for a return inside the clause (3.11+ keep the previous
        // exception on the value stack; ≤3.10 keep it in the block stack).
        if (code_.version.minor >= 11) pop(stack, i);
        i = skip_name_unbinding(i + 1, region.clause_name);
        // (3.9/3.10: through the copies of the finally bodies it leaves,
        // into its constant: the return ends here.)
        if (code_.version.minor >= 9 && code_.version.minor <= 10 && region.clause_depth >= 0 &&
            !unwinds_to_return(i)) {
          const int past = past_finally_copies(i, region);
          if (past != i && unwinds_to_return(past)) {
            int k = i;
            if (finish_return(k, region, stack, out)) return false;
            fail(i, "a return leaving an except clause through finally copies not understood");
          }
        }
        continue;
      }
      case Op::Reraise:
        // A loop ending the handler's copy of a finally body: 3.10+ copy the
        // copy's closing re-raise into a `break` (the loop's follow is that
        // re-raise). The compiler's own RERAISE, never a written `raise`
        // (RAISE_VARARGS); read as one, it would re-raise where the normal
        // path goes on after the try.
        if (region.loop && region.loop->follow > i && region.loop->follow < int(function_.instrs.size())) {
          const ir::Instr& follow = function_.instrs[region.loop->follow];
          // (Not the closing re-raise of a try/finally's handler inside the
          // loop, alike on ≤3.10: only an exception gets there.)
          const bool normal_path = region.loop->header_block < 0 ||
                                   reachable_without_exceptions(region.loop->header_block)[block_at(i)];
          if (follow.op == Op::Reraise && follow.arg == instr.arg && follow.handler == instr.handler && normal_path) {
            emit(out, make::break_(), i);
            return false;
          }
        }
        // (An endless loop there has no follow to compare: its break goes
        // into that re-raise itself, outside the loop, reached from the
        // header without an exception. Nothing else reaches a RERAISE so.)
        if (region.loop && region.loop->exit < 0 && region.loop->header_block >= 0) {
          const cfg::Loop* natural =
              region.loop->natural ? region.loop->natural : graph_.loop_headed_by(region.loop->header_block);
          if (natural && !natural->contains[block_at(i)] &&
              reachable_without_exceptions(region.loop->header_block)[block_at(i)]) {
            emit(out, make::break_(), i);
            return false;
          }
        }
        emit(out, make::raise(), i);
        reraises_.emplace_back(out.back(), int(stack.size()));
        reraise_instrs_.emplace_back(out.back().get(), i);
        return false;
      case Op::PopTop:
        if (const int n = break_to_exit_copy(i, region, stack); n > 0) {
          for (int k = 0; k < n; ++k) visited_[i + k] = 1;
          pop(stack, i);
          emit(out, make::break_(), i);
          return false;
        }
        simulate_in_order(i, stack, out);
        ++i;
        continue;
      case Op::Rotate:
        // ≤3.10 `return value` inside a finally body's handler copy: the
        // value goes below the three exception values, which are dropped,
        // and back above the previous exception, which POP_EXCEPT drops.
        if (const int past = past_exception_drop(i);
            code_.version.minor <= 10 && past != i && stack.size() >= 4 && region.clause_depth < 0) {
          Value value = stack.back();
          stack.resize(stack.size() - 4);
          stack.push_back(value);
          for (int k = i; k < past; ++k) visited_[k] = 1;
          i = past;
          continue;
        }
        // ≤3.10 `return value` inside an except clause: ROT_FOUR moves the
        // value below the previous exception's three values (kept below
        // the clause's stack, not modelled), which POP_EXCEPT then drops.
        if (code_.version.minor <= 10 && instr.arg == 4 && region.clause_depth >= 0 &&
            int(stack.size()) == region.clause_depth + 1) {
          ++i;
          continue;
        }
        simulate(i, stack, out);
        ++i;
        continue;
      default:
        simulate_in_order(i, stack, out);
        ++i;
    }
  }
}

ast::Body FunctionDecompiler::run() {
  DepthGuard guard(code_nesting);
  if (code_nesting > kMaxCodeNesting) fail(-1, "code objects nested too deeply");
  ast::Body body;
  Stack stack;
  // Every compiled body ends in a return or raise; code with no instruction
  // left (all CACHE entries, as a zeroed co_code reads) is corrupt, not `pass`.
  if (function_.instrs.empty()) fail(-1, "the code object has no instructions");
  walk_region(0, Region{-1, 0, nullptr}, stack, body);
  check_everything_decompiled();
  reject_unnamed_values(body);
  reject_misplaced_reraises(body);
  // (A module's dead block goes in after its implicit `return None` is
  // gone: placed at the end first, it hid that return from finish_body.)
  if (kind_ != CodeKind::Module) restore_dead_code_names(body);
  if (!may_write_assert_false(code_))
    fold_loop_end_asserts(body, [this](const ast::ExprPtr& guard, const ast::ExprPtr& message) {
      return assert_statement(guard, message);
    });
  finish_body(body);
  if (kind_ == CodeKind::Function) restore_dead_code_locals(code_, function_, graph_, body);
  if (kind_ == CodeKind::Module) restore_dead_code_names(body);
  restore_debug_block(body);
  return body;
}

}  // namespace depyf::decompile
