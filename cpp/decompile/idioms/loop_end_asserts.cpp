// An assert ending a loop body, read back as one (header: loop_end_asserts.hpp).
#include "decompile/idioms/loop_end_asserts.hpp"

#include <algorithm>

#include "ast/children.hpp"
#include "ast/factory.hpp"
#include "decompile/walk/function_decompiler.hpp"

namespace depyf::decompile {

namespace make = ast::make;

namespace {

// `ast::as` for a statement this pass rewrites in place.
template <class T>
T* mutable_as(const ast::StmtPtr& stmt) {
  return const_cast<T*>(ast::as<T>(stmt));
}

// A body whose end goes on to the loop's next iteration: folds its last
// two statements, then looks into the branches of an if ending it.
void fold_at_loop_end(ast::Body& body, const AssertOfGuard& assert_of) {
  if (body.size() >= 2) {
    auto* test = ast::as<ast::If>(body[body.size() - 2]);
    auto* fails = ast::as<ast::Assert>(body.back());
    if (test && fails && test->orelse.empty() && test->body.size() == 1 && ast::as<ast::Continue>(test->body[0]) &&
        is_false_constant(fails->test)) {
      ast::StmtPtr folded = make::assert_(test->test, fails->msg);
      body.pop_back();
      body.back() = folded;
      return;
    }
  }
  // (Where the jump back is left out of a try's protection, 3.12+, the
  // raise's test is read with the continue dropped: `if not t: assert
  // False`.)
  if (!body.empty()) {
    auto* test = ast::as<ast::If>(body.back());
    const ast::Assert* fails =
        test && test->orelse.empty() && test->body.size() == 1 ? ast::as<ast::Assert>(test->body[0]) : nullptr;
    if (fails && is_false_constant(fails->test)) {
      body.back() = assert_of(test->test, fails->msg);
      return;
    }
  }
  if (body.empty()) return;
  if (auto* branch = mutable_as<ast::If>(body.back())) {
    fold_at_loop_end(branch->body, assert_of);
    fold_at_loop_end(branch->orelse, assert_of);
  }
}

}  // namespace

bool may_write_assert_false(const CodeObject& code) {
  if (code.version.minor < 12) return true;
  if (code.version.minor < 14) return false;
  return std::any_of(code.consts.begin(), code.consts.end(), [](const ConstantPtr& constant) {
    return constant && constant->kind == Constant::Kind::Bool && !constant->boolean;
  });
}

void fold_loop_end_asserts(ast::Body& body, const AssertOfGuard& assert_of) {
  for (auto& stmt : body) {
    for (ast::Body* inner : ast::child_bodies(*stmt)) fold_loop_end_asserts(*inner, assert_of);
    if (auto* loop = mutable_as<ast::For>(stmt)) fold_at_loop_end(loop->body, assert_of);
    if (auto* loop = mutable_as<ast::AsyncFor>(stmt)) fold_at_loop_end(loop->body, assert_of);
    if (auto* loop = mutable_as<ast::While>(stmt)) fold_at_loop_end(loop->body, assert_of);
  }
}

}  // namespace depyf::decompile
