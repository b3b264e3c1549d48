// A loop ending module or class code, left by a break, with an else clause.
//
// Versions: 3.10+ (the exit copied into the loop).
// Source:
//     for i in os.name:             (module or class body, last statement)
//         if i:
//             break
//     else:
//         y = 1
// Bytecode:
//     FOR_ITER end; <i>; POP_JUMP_IF_FALSE back; POP_TOP; <copy of the exit:
//     LOAD_CONST None (a class: LOAD_CLOSURE __class__ ...); RETURN_VALUE>
//     end: <y = 1>; <the exit>
// Test: tests/python/decompile_modules/class_and_module_exit_copies.py (EndsInForElse)
//
// Module and class code cannot return: 3.10+ copy their exit (the implicit
// `return None`, a class's `return __class__`) into a loop that jumps to
// it, and the decompiler reads such a copy inside a loop as `break`
// (walk/function_decompiler.cpp, ReturnValue). That break leaves the whole body,
// not just the loop: when statements follow the loop, the source had them
// in the loop's else clause (`for x in y: if x: break` / `else: z = 1`
// ending a module or class), which a break skips. Written after the loop,
// they would run after the break too.

#include "ast/factory.hpp"
#include "decompile/walk/function_decompiler.hpp"

namespace depyf::decompile {

namespace {

// Whether `body` has one of `breaks` that belongs to the loop it is in
// (not to a loop nested in it).
bool has_exit_break(const ast::Body& body, const std::vector<ast::StmtPtr>& breaks) {
  for (const auto& stmt : body) {
    if (ast::as<ast::Break>(stmt) && holds(breaks, stmt.get())) return true;
    if (auto* branch = ast::as<ast::If>(stmt)) {
      if (has_exit_break(branch->body, breaks) || has_exit_break(branch->orelse, breaks)) return true;
    } else if (auto* with = ast::as<ast::With>(stmt)) {
      if (has_exit_break(with->body, breaks)) return true;
    } else if (auto* statement = ast::as<ast::Try>(stmt)) {
      if (has_exit_break(statement->body, breaks) || has_exit_break(statement->orelse, breaks) ||
          has_exit_break(statement->finalbody, breaks))
        return true;
      for (const auto& handler : statement->handlers)
        if (has_exit_break(handler.body, breaks)) return true;
    }
  }
  return false;
}

template <typename Loop>
bool attach_else(ast::Body& body, std::size_t k, const std::vector<ast::StmtPtr>& breaks) {
  auto* loop = ast::as<Loop>(body[k]);
  if (loop == nullptr || !loop->orelse.empty() || k + 1 == body.size() || !has_exit_break(loop->body, breaks))
    return false;
  auto copy = std::make_shared<Loop>(*loop);
  copy->orelse.assign(body.begin() + static_cast<std::ptrdiff_t>(k) + 1, body.end());
  body.erase(body.begin() + static_cast<std::ptrdiff_t>(k) + 1, body.end());
  body[k] = copy;
  return true;
}

}  // namespace

void FunctionDecompiler::restore_exit_break_else(ast::Body& body) const {
  if (exit_breaks_.empty()) return;
  for (std::size_t k = 0; k < body.size(); ++k) {
    attach_else<ast::For>(body, k, exit_breaks_) || attach_else<ast::While>(body, k, exit_breaks_);
    const ast::StmtPtr& stmt = body[k];
    // (Nodes may be shared with other lists: change copies.)
    auto restored = [this](const auto& node) {
      auto copy = std::make_shared<std::decay_t<decltype(node)>>(node);
      restore_exit_break_else(copy->body);
      restore_exit_break_else(copy->orelse);
      return copy;
    };
    if (auto* branch = ast::as<ast::If>(stmt)) {
      body[k] = restored(*branch);
    } else if (auto* loop = ast::as<ast::For>(stmt)) {
      body[k] = restored(*loop);
    } else if (auto* loop = ast::as<ast::While>(stmt)) {
      body[k] = restored(*loop);
    } else if (auto* with = ast::as<ast::With>(stmt)) {
      auto copy = std::make_shared<ast::With>(*with);
      restore_exit_break_else(copy->body);
      body[k] = copy;
    } else if (auto* statement = ast::as<ast::Try>(stmt)) {
      auto copy = std::make_shared<ast::Try>(*statement);
      restore_exit_break_else(copy->body);
      for (auto& handler : copy->handlers) restore_exit_break_else(handler.body);
      restore_exit_break_else(copy->orelse);
      restore_exit_break_else(copy->finalbody);
      body[k] = copy;
    }
  }
}

}  // namespace depyf::decompile
