// Two returns of one value on one line are copies of one written return
// after an if/else.
//
// Versions: 3.10+.
// Source:
//     if c:
//         X
//     else:
//         Y
//     return v
// Bytecode:
//     <c>; POP_JUMP_IF_FALSE L; X; LOAD v; RETURN_VALUE
//     L: Y; LOAD v; RETURN_VALUE            (both on the return's line)
// Test: tests/python/decompile_cases/written_return_copies.py (chain_then_return,
//     if_else_raise_then_return), tests/python/behaviour_cases/copied_exit_tail_shapes.py
//
// 3.10+ replace a jump to a short exit block with a copy of it, line
// number and all: `if c: X else: Y` followed by `return v` lays out as
// X; return v; Y; return v. Read back, the first copy ends the if's body
// and the code after the if holds the second: the same program, but the
// written return met its constants (None for a bare `return`) too early.
// Two returns of the same value on the same line are one written return:
// the code between them is the if's else clause.
#include "ast/dump.hpp"
#include "decompile/walk/function_decompiler.hpp"

namespace depyf::decompile {

namespace {

bool same_return(const ast::StmtPtr& a, const ast::StmtPtr& b) {
  auto* first = ast::as<ast::Return>(a);
  auto* second = ast::as<ast::Return>(b);
  if (first == nullptr || second == nullptr || first == second || first->lineno <= 0 || first->lineno != second->lineno)
    return false;
  if (!first->value || !second->value) return !first->value && !second->value;
  return ast::dump(*first->value) == ast::dump(*second->value);
}

}  // namespace

void merge_return_copies_before_raise(ast::Body& body);
void merge_return_copies_after_match(ast::Body& body);

void merge_written_return_copies(ast::Body& body) {
  for (auto& stmt : body) {
    if (auto* branch = ast::as<ast::If>(stmt)) {
      auto copy = std::make_shared<ast::If>(*branch);
      merge_written_return_copies(copy->body);
      merge_written_return_copies(copy->orelse);
      stmt = copy;
    } else if (auto* loop = ast::as<ast::While>(stmt)) {
      auto copy = std::make_shared<ast::While>(*loop);
      merge_written_return_copies(copy->body);
      merge_written_return_copies(copy->orelse);
      stmt = copy;
    } else if (auto* loop = ast::as<ast::For>(stmt)) {
      auto copy = std::make_shared<ast::For>(*loop);
      merge_written_return_copies(copy->body);
      merge_written_return_copies(copy->orelse);
      stmt = copy;
    } else if (auto* match = ast::as<ast::Match>(stmt)) {
      auto copy = std::make_shared<ast::Match>(*match);
      for (auto& match_case : copy->cases) merge_written_return_copies(match_case.body);
      stmt = copy;
    }
  }
  merge_return_copies_after_match(body);
  // From the last if back, so `if a: ...; return` `if b: ...; return` ...
  // `return` becomes one if/elif/else chain.
  for (std::size_t k = body.size(); k-- > 0;) {
    if (k + 2 > body.size()) continue;
    auto* branch = ast::as<ast::If>(body[k]);
    // (Nothing between the copies: an `else: pass`, or copies the if's own
    // branches made; the returns as read keep that layout.)
    if (branch == nullptr || !branch->orelse.empty() || branch->body.size() < 2 || k + 2 == body.size() ||
        !same_return(branch->body.back(), body.back()))
      continue;
    auto copy = std::make_shared<ast::If>(*branch);
    copy->body.pop_back();
    copy->orelse.assign(body.begin() + k + 1, body.end() - 1);
    body.erase(body.begin() + k + 1, body.end() - 1);
    body[k] = copy;
  }
  merge_return_copies_before_raise(body);
}

// `if a: X elif b: Y else: raise E` followed by `return v`: each branch
// that reaches the return runs its own copy, and the raise comes last:
// read back, ifs that each end in `return v` and then the raise. A return
// on a line after the raise's was written after it, after the if.
void merge_return_copies_before_raise(ast::Body& body) {
  if (body.size() < 2 || !ast::as<ast::Raise>(body.back())) return;
  // The raise and the simple statements before it that are no if.
  std::size_t tail = body.size() - 1;
  while (tail > 0 && (ast::as<ast::ExprStmt>(body[tail - 1]) || ast::as<ast::Assign>(body[tail - 1]))) --tail;
  // The ifs before them, each ending in the same return (no else clause).
  std::size_t first = tail;
  ast::StmtPtr written;
  while (first > 0) {
    auto* branch = ast::as<ast::If>(body[first - 1]);
    if (branch == nullptr || !branch->orelse.empty() || branch->body.size() < 2) break;
    if (written != nullptr && !same_return(branch->body.back(), written)) break;
    if (written == nullptr && !ast::as<ast::Return>(branch->body.back())) break;
    written = branch->body.back();
    --first;
  }
  if (first == tail || written == nullptr || written->lineno <= 0) return;
  for (std::size_t k = tail; k < body.size(); ++k)
    if (body[k]->lineno <= 0 || body[k]->lineno >= written->lineno) return;
  // Build the chain from the end: the raise part is the last else clause.
  ast::Body orelse(body.begin() + tail, body.end());
  for (std::size_t k = tail; k-- > first;) {
    auto copy = std::make_shared<ast::If>(*ast::as<ast::If>(body[k]));
    copy->body.pop_back();
    copy->orelse = orelse;
    orelse = {copy};
  }
  body.erase(body.begin() + first, body.end());
  body.push_back(orelse.front());
  body.push_back(written);
}

}  // namespace depyf::decompile

namespace depyf::decompile {

// `match s:` whose cases all run on into `return v`: each case jumps to
// its own copy of the return, line and all (a trailing `case _:` compiles
// as plain code that falls into the original). Read back, every case ends
// in the return, which met its constants before the later cases': the
// returns on one line are the one written after the match.
void merge_return_copies_after_match(ast::Body& body) {
  if (body.empty()) return;
  std::size_t at = body.size() - 1;
  // (With no `case _:`, no match falls into the written return itself.)
  const bool written_after = at > 0 && ast::as<ast::Match>(body[at - 1]) && ast::as<ast::Return>(body[at]);
  if (written_after) --at;
  auto* match = ast::as<ast::Match>(body[at]);
  if (match == nullptr || match->cases.size() < 2) return;
  ast::StmtPtr written = written_after ? body.back() : nullptr;
  for (const auto& match_case : match->cases) {
    if (match_case.body.empty()) return;
    if (written == nullptr) {
      if (!ast::as<ast::Return>(match_case.body.back())) return;
      written = match_case.body.back();
    } else if (!same_return(match_case.body.back(), written)) {
      return;
    }
  }
  auto copy = std::make_shared<ast::Match>(*match);
  for (auto& match_case : copy->cases) match_case.body.pop_back();
  // (A final `case _:` that only returned is the way no case matched.)
  const ast::MatchCase& last = copy->cases.back();
  const auto* wildcard = ast::as<ast::MatchAs>(last.pattern);
  if (last.body.empty() && last.guard == nullptr && wildcard && !wildcard->pattern && !wildcard->name)
    copy->cases.pop_back();
  for (auto& match_case : copy->cases)
    if (match_case.body.empty()) match_case.body.push_back(ast::make::pass());
  body[at] = copy;
  if (!written_after) body.push_back(written);
}

}  // namespace depyf::decompile
