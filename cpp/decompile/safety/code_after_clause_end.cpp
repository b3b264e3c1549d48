// Refusing code read into an except clause from past the clause's end.
//
// An except clause ends at its POP_EXCEPT, which restores the exception
// state. What a clause can still do after it is finish what it began: a
// `return value` whose value it computed before (moved below the exception,
// then returned), a `return CONSTANT` (3.12+ load the constant after the
// POP_EXCEPT), a named clause's unbinding, a break or continue. Code that
// computes anything there is the code after the try statement, which
// 3.10+ copy into the clause's end when it is short; read into the clause it
// would run while the exception is still being handled (sys.exc_info(), the
// context of a new exception: random programs 24000:32426, 24000:35396,
// 24000:47659, a bare `except:` last clause with the code after the try
// copied into it). Refused where no reading put that code after the try.
#include "decompile/walk/function_decompiler.hpp"

namespace depyf::decompile {

void FunctionDecompiler::refuse_code_after_clause_end(const ast::Body& rest, const Stack& entry, int start) const {
  auto held_before = [&](const ast::ExprPtr& value) {
    for (const Value& slot : entry)
      if (slot.expr == value) return true;
    return false;
  };
  for (const auto& stmt : rest) {
    if (ast::as<ast::Pass>(stmt) || ast::as<ast::Break>(stmt) || ast::as<ast::Continue>(stmt)) continue;
    // (A bare `raise` computes nothing: a finally body's re-raise.)
    if (auto* raise = ast::as<ast::Raise>(stmt); raise && !raise->exc && !raise->cause) continue;
    if (auto* ret = ast::as<ast::Return>(stmt)) {
      if (!ret->value || ast::as<ast::Constant>(ret->value) || held_before(ret->value)) continue;
    }
    fail(start, "code after an except clause's end read into the clause (a copy of the code after the try)");
  }
}

}  // namespace depyf::decompile
