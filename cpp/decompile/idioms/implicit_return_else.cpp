// An if (elif chain) whose branches all leave, one through a copy of the
// implicit `return None`.
//
// Versions: 3.10+.
// Source:
//     if is_saved != self.was_saved:
//         self.was_saved = is_saved
//         if self.saved_change_hook:
//             self.saved_change_hook()
//     (end of the function)
// Bytecode:
//     <test>; POP_JUMP_IF_FALSE L; ...; <hook test>; POP_JUMP_IF_FALSE M
//     <call>; POP_TOP; LOAD_CONST None; RETURN_VALUE
//     L: LOAD_CONST None; RETURN_VALUE     (each branch its own copy)
//     M: LOAD_CONST None; RETURN_VALUE
// Test: tests/python/decompile_cases/implicit_return_else.py (nested_ifs_fall_off_end),
//     tests/python/behaviour_cases/implicit_return_else_shapes.py
//
// 3.10+ copy the implicit `return None` into every branch that falls off
// the end of a function. A branch ending in such a copy therefore ran to
// the end of the function in the source: the code laid out after its if
// statement was that if's else (or elif) clause, not code after it.
// Read as `if c: ...; return None` followed by the rest, the copies would
// print as written returns (their None constant met too early, and the
// if's false jump going elsewhere); put back as `if c: ... else: rest`,
// the copies are stripped with the other implicit returns.
#include <algorithm>

#include "decompile/walk/function_decompiler.hpp"

namespace depyf::decompile {

namespace {

// Each `return None` of a loop body (outside inner loops) becomes a
// `break`.
void returns_to_breaks(ast::Body& body) {
  for (auto& stmt : body) {
    if (returns_none(stmt)) {
      auto jump = ast::make::break_();
      jump->lineno = stmt->lineno;
      stmt = jump;
    } else if (auto* branch = ast::as<ast::If>(stmt)) {
      auto copy = std::make_shared<ast::If>(*branch);
      returns_to_breaks(copy->body);
      returns_to_breaks(copy->orelse);
      stmt = copy;
    }
  }
}

}  // namespace

// Whether None is the last entry of co_consts: then no written statement
// met it first (constants enter in the order the compiler meets them), the
// implicit return, compiled after the whole body, did. A copy that carries
// the line of a `pass` (`elif c: pass`, which leaves nothing else) is then
// told from a written `return`, which would have added None where it stood.
// (Constants the code never loads, such as 3.11+ keyword-name tuples, and
// tuples the optimizer folds last, make no exception: they cannot be told
// apart here.) Without a docstring ≤3.11 put None first: nothing to tell.
bool FunctionDecompiler::none_constant_met_last() const {
  const auto& consts = code_.consts;
  return consts.size() >= 2 && consts.back()->kind == Constant::Kind::None &&
         std::none_of(consts.begin(), consts.end() - 1,
                      [](const ConstantPtr& c) { return c->kind == Constant::Kind::None; });
}

// Whether every path through `body` leaves the function; `copied` is set
// when one of them leaves through a copy of the implicit return (with
// `none_met_last`, any `return None`).
bool FunctionDecompiler::leaves_through_implicit_return(const ast::Body& body, bool none_met_last, bool& copied) const {
  if (body.empty()) return false;
  const ast::StmtPtr& last = body.back();
  if ((holds(implicit_return_copies_, last.get()) || (none_met_last && returns_none(last))) &&
      !holds(written_returns_, last.get())) {
    copied = true;
    return true;
  }
  if (ast::as<ast::Return>(last) || ast::as<ast::Raise>(last)) return true;
  if (auto* branch = ast::as<ast::If>(last)) {
    const bool body_leaves = leaves_through_implicit_return(branch->body, none_met_last, copied);
    return leaves_through_implicit_return(branch->orelse, none_met_last, copied) && body_leaves;
  }
  return false;
}

// `body` ends the function. Where an if (elif chain) in it leaves on every
// path, one through a copy of the implicit return, the statements after it
// become the else clause of its last elif; then the same for the branches
// of the statement now ending `body`.
void FunctionDecompiler::restore_else_before_implicit_return(ast::Body& body, bool none_met_last) const {
  for (std::size_t k = 0; k + 1 < body.size(); ++k) {
    auto* head = ast::as<ast::If>(body[k]);
    if (head == nullptr) continue;
    bool copied = false, leaves = true;
    for (const ast::If* link = head;;) {
      if (!leaves_through_implicit_return(link->body, none_met_last, copied)) {
        leaves = false;
        break;
      }
      if (link->orelse.empty()) break;
      const ast::If* next = link->orelse.size() == 1 ? ast::as<ast::If>(link->orelse[0]) : nullptr;
      if (next == nullptr) {
        leaves = false;  // a final else: the if leaves entirely, nothing follows it
        break;
      }
      link = next;
    }
    if (!leaves || !copied) continue;
    // A lone `return None` after it that is not a copy was written there
    // (or stands for an `else: pass` whose line it carries): keep the
    // layout the written returns give.
    if (k + 2 == body.size()) {
      if (returns_none(body.back()) && !holds(implicit_return_copies_, body.back().get())) continue;
    }
    // Copy the chain (nodes may be shared) down to its last link.
    auto copy = std::make_shared<ast::If>(*head);
    body[k] = copy;
    ast::If* link = copy.get();
    while (!link->orelse.empty()) {
      auto next = std::make_shared<ast::If>(*ast::as<ast::If>(link->orelse[0]));
      link->orelse[0] = next;
      link = next.get();
    }
    link->orelse.assign(body.begin() + k + 1, body.end());
    body.erase(body.begin() + k + 1, body.end());
    break;
  }
  if (body.empty()) return;
  if (auto* last = ast::as<ast::If>(body.back())) {
    auto copy = std::make_shared<ast::If>(*last);
    restore_else_before_implicit_return(copy->body, none_met_last);
    restore_else_before_implicit_return(copy->orelse, none_met_last);
    body.back() = copy;
    return;
  }
  // A loop ending the function (its exit's copy of the implicit return
  // may follow it): a break jumps to the implicit return, which 3.10+ copy
  // in its place (the copy carries the break's line, so only the constant
  // order tells it from a written return).
  if (!none_met_last) return;
  std::size_t at = body.size() - 1;
  // (With None last, even a return the code shares is this one or a
  // break: a written `return` would have met None where it stood.)
  if (at > 0 && returns_none(body[at])) --at;
  if (auto* loop = ast::as<ast::While>(body[at]); loop && loop->orelse.empty()) {
    auto copy = std::make_shared<ast::While>(*loop);
    returns_to_breaks(copy->body);
    body[at] = copy;
  } else if (auto* loop = ast::as<ast::For>(body[at]); loop && loop->orelse.empty()) {
    auto copy = std::make_shared<ast::For>(*loop);
    returns_to_breaks(copy->body);
    body[at] = copy;
  }
}

// A nested if/else ending the branch, one of whose branches ends in such
// a copy, fell off the branch's end there too: `if a: if b: return x` +
// (implicit return) + `else: return None` (trace Trace.globaltrace_lt
// 3.10/3.11).
bool FunctionDecompiler::if_ends_in_implicit_return(const ast::Body& body) const {
  if (body.empty()) return false;
  auto* branch = ast::as<ast::If>(body.back());
  if (branch == nullptr) return false;
  for (const ast::Body* part : {&branch->body, &branch->orelse})
    if (ends_in_implicit_return(*part) || if_ends_in_implicit_return(*part)) return true;
  return false;
}

}  // namespace depyf::decompile
