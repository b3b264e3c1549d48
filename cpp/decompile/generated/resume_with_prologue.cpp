// With statements re-entered by the prologue of a Dynamo resume function
// (torch.compile's code for the rest of a function after a graph break
// inside a `with` block; torch/_dynamo/resume_execution.py, ReenterWith
// and ContinueExecutionCache.generate), CPython 3.10+ (3.10: the prologue's
// SETUP_WITH blocks stay open across the jump, and the walk over the block
// stack gives the original body the prologue's handler; 3.11+: the
// original body's exception table entries are pointed at it).
//
// The prologue rebuilds each context manager that was active at the break
// (`___stack0(False)` for torch.no_grad()), enters it with the bytecode of
// `with ctx: dummy` and jumps into the middle of the original with body,
// which is then protected by the prologue's exit handler; its normal exit
// calls the prologue's __exit__. What the template did after its own body
// comes after that jump (its exit call, its handler), followed by `raise
// None`, Dynamo's marker of unreachable code. So where __exit__ suppresses an exception, the
// handler does not go on after the original with statement: it runs on
// into that cleanup, which raises None (a TypeError), after the normal
// exit of each enclosing re-entered with:
//
//     handler:  [PUSH_EXC_INFO]; WITH_EXCEPT_START; POP_JUMP_IF_TRUE L; RERAISE
//     L:        POP_TOP; POP_EXCEPT; POP_TOP; POP_TOP   (3.10: POP_TOP x3; POP_EXCEPT; POP_TOP)
//               LOAD_CONST None; [NOP|JUMP]; POP_TOP      (the template's return value)
//     then      LOAD_CONST None; RAISE_VARARGS 1          (outermost re-entered with)
//     or        [NOP]; [POP_BLOCK]; the enclosing with's exit call; LOAD_CONST None; JUMP to the
//               enclosing handler's own path, past its LOAD_CONST None
//
// No source has that (after a with statement, a suppressed exception and
// the body's end go on alike), so the with is written with a flag the body
// sets as its last statement, and where the flag is not set:
//
//     __with_completed_1 = False
//     with ___stack0(False):
//         ...
//         __with_completed_1 = True
//     if not __with_completed_1:
//         raise None
//
// A re-entered with nested in another runs the rest of the enclosing body
// under `if __with_completed_2:`, so a suppressed exception leaves the
// enclosing body by its normal exit, as the cleanup does.
#include <algorithm>

#include "decompile/walk/function_decompiler.hpp"

namespace depyf::decompile {

namespace make = ast::make;
using ir::Op;

// Past the template's return value: LOAD_CONST None, NOPs and jumps, then
// the POP_TOP Dynamo appends to drop it. The index after that POP_TOP
// (NOPs and jumps followed), -1 when the code at `at` is not that.
int FunctionDecompiler::past_template_return_value(int at) const {
  const auto& instrs = function_.instrs;
  const int count = int(instrs.size());
  if (!loads_none(at)) return -1;
  int i = at + 1;
  for (int steps = 0; i >= 0 && i < count && steps < 8; ++steps) {
    if (instrs[i].op == Op::Nop) {
      ++i;
    } else if (instrs[i].op == Op::Jump && instrs[i].target > i) {
      i = instrs[i].target;
    } else {
      break;
    }
  }
  if (i < 0 || i >= count || instrs[i].op != Op::PopTop) return -1;
  ++i;
  while (i < count && instrs[i].op == Op::Nop) ++i;
  return i < count ? i : -1;
}

bool FunctionDecompiler::same_resume_cleanup(int a, int b) const {
  const int tail = past_template_return_value(a);
  return tail >= 0 && tail == past_template_return_value(b);
}

int FunctionDecompiler::resume_with_normal_exit(int start, int handler) const {
  const int after = with_suppressed_continuation(handler);
  int normal = -1;
  for (int exit : protected_body_exits(start, handler)) {
    const int n = with_exit_call_length(exit);
    if (n == 0 || returns_through_with_exit(exit) || same_resume_cleanup(resolve_jumps(exit + n), after)) continue;
    if (normal >= 0) return -1;
    normal = exit;
  }
  return normal;
}

FunctionDecompiler::ResumeSuppression FunctionDecompiler::resume_prologue_suppression(int handler,
                                                                                      const Region& region) const {
  const auto& instrs = function_.instrs;
  const int count = int(instrs.size());
  if (code_.version.minor < 10) return ResumeSuppression::None;
  const int tail = past_template_return_value(with_suppressed_continuation(handler));
  if (tail < 0) return ResumeSuppression::None;
  if (loads_none(tail) && tail + 1 < count && instrs[tail + 1].op == Op::RaiseVarargs && instrs[tail + 1].arg == 1)
    return ResumeSuppression::Raise;
  // The enclosing with's normal exit, then the rest of its own handler's
  // suppressing path.
  // (3.10: the enclosing with's block is popped first.)
  if (region.with_handler < 0) return ResumeSuppression::None;
  int exit_at = tail;
  while (exit_at < count && instrs[exit_at].op == Op::PopBlock) ++exit_at;
  const int exit_call = with_exit_call_length(exit_at);
  if (exit_call == 0) return ResumeSuppression::None;
  const int enclosing_tail = past_template_return_value(with_suppressed_continuation(region.with_handler));
  if (enclosing_tail < 0 || past_template_return_value(exit_at + exit_call) != enclosing_tail)
    return ResumeSuppression::None;
  return ResumeSuppression::EnclosingExit;
}

std::string FunctionDecompiler::new_completion_flag() {
  auto taken = [&](const std::string& name) {
    for (const auto* names : {&code_.varnames, &code_.names, &code_.cellvars, &code_.freevars})
      if (std::find(names->begin(), names->end(), name) != names->end()) return true;
    return false;
  };
  std::string name;
  do name = "__with_completed_" + std::to_string(++completion_flags_);
  while (taken(name));
  return name;
}

// The body's last statement sets the flag; where it ends in the `if` of a
// re-entered with nested in it, the end of that if's body is its end.
void FunctionDecompiler::set_completion_flag_at_end(ast::Body& body, const std::string& flag, int index) {
  ast::Body* end = &body;
  while (!end->empty() && holds(completion_ifs_, end->back().get()))
    end = &static_cast<ast::If*>(end->back().get())->body;  // (only ifs are held there)
  if (end->size() == 1 && ast::as<ast::Pass>(end->back())) end->clear();
  emit(*end, make::assign(make::name(flag, ast::ExprContext::Store), make::boolean(true)), index);
}

int FunctionDecompiler::finish_resume_with(ResumeSuppression kind, const std::string& flag, int next,
                                           const Region& region, Stack& stack, ast::Body& out) {
  if (kind == ResumeSuppression::Raise) {
    emit(out,
         make::comment("Dynamo's resume prologue re-entered this with: an exception __exit__ suppresses raises None"),
         next);
    ast::Body raise;
    emit(raise, make::raise(make::none()), next);
    emit(out, make::if_(negate_plainly(make::name(flag)), raise), next);
    return next;
  }
  // The rest of the enclosing with's body runs only after this body's end.
  ast::Body rest;
  Stack rest_stack = stack;
  int stopped = -1;
  Region rest_region = region;
  rest_region.stopped_at = &stopped;
  bool falls = walk_region(next, rest_region, rest_stack, rest);
  // (A `return value` ending the enclosing body stops the walk with the
  // value on the stack, at the exit call of the return.)
  if (falls && stopped >= 0) falls = !finish_return_after(stopped, region, stack.size(), rest_stack, rest);
  if (rest.empty()) rest.push_back(make::pass());
  auto guarded = make::if_(make::name(flag), rest);
  emit(out, guarded, next);
  completion_ifs_.push_back(guarded);
  if (!falls) return -1;
  stack = rest_stack;
  return stopped >= 0 ? stopped : region.stop;
}

}  // namespace depyf::decompile
