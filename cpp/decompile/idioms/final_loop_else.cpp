// A function whose last statement is a for/while loop with an else clause
// that returns.
//
// Versions: 3.8-3.9.
// Source:
//     def f(xs, s):
//         for x in xs:
//             s.add(x)
//         else:
//             return s
// Bytecode:
//     FOR_ITER end; <body>; JUMP_ABSOLUTE top
//     end: LOAD_FAST s; RETURN_VALUE
//     (the implicit `return None` after the loop dropped, its None kept last
//     in co_consts)
// Test: tests/python/decompile_cases/block_stack_returns.py (for_else_return_ending_function,
//     while_else_return_ending_function), tests/python/behaviour_cases/block_stack_return_shapes.py
//
// Without a `break` the else clause compiles exactly like code after the
// loop, except for one thing: the source then ended in a compound statement,
// so the compiler added the implicit `return None` after it. That return is
// unreachable and the peephole optimizer drops it (no jump targets its
// label), but its None stays in co_consts, the last constant met. Read as the
// loop followed by a `return`, the recompiled function would have no None
// there.
#include <algorithm>

#include "decompile/walk/function_decompiler.hpp"

namespace depyf::decompile {

namespace {

bool breaks_out(const ast::Body& body);

// Whether the statement runs a `break` of the loop it is in (not one of
// a loop nested in it; its else clause does belong to the outer loop).
bool breaks_out(const ast::StmtPtr& stmt) {
  if (ast::as<ast::Break>(stmt)) return true;
  if (auto* loop = ast::as<ast::For>(stmt)) return breaks_out(loop->orelse);
  if (auto* loop = ast::as<ast::AsyncFor>(stmt)) return breaks_out(loop->orelse);
  if (auto* loop = ast::as<ast::While>(stmt)) return breaks_out(loop->orelse);
  if (auto* branch = ast::as<ast::If>(stmt)) return breaks_out(branch->body) || breaks_out(branch->orelse);
  if (auto* with = ast::as<ast::With>(stmt)) return breaks_out(with->body);
  if (auto* with = ast::as<ast::AsyncWith>(stmt)) return breaks_out(with->body);
  if (auto* match = ast::as<ast::Match>(stmt))
    return std::any_of(match->cases.begin(), match->cases.end(), [](const auto& c) { return breaks_out(c.body); });
  if (auto* statement = ast::as<ast::Try>(stmt))
    return breaks_out(statement->body) || breaks_out(statement->orelse) || breaks_out(statement->finalbody) ||
           std::any_of(statement->handlers.begin(), statement->handlers.end(),
                       [](const ast::ExceptHandler& h) { return breaks_out(h.body); });
  return false;
}

bool breaks_out(const ast::Body& body) {
  return std::any_of(body.begin(), body.end(), [](const ast::StmtPtr& s) { return breaks_out(s); });
}

template <typename Loop>
bool move_into_else(ast::Body& body, std::size_t k) {
  auto* loop = ast::as<Loop>(body[k]);
  if (loop == nullptr) return false;
  if (!loop->orelse.empty() || breaks_out(loop->body)) return true;  // (the loop it is, but no else clause to make)
  auto copy = std::make_shared<Loop>(*loop);
  copy->orelse.assign(body.begin() + k + 1, body.end());
  body.erase(body.begin() + k + 1, body.end());
  body[k] = copy;
  return true;
}

}  // namespace

// Whether None is in co_consts, met last, yet never loaded: the constant of
// an implicit `return None` the optimizer dropped as unreachable.
bool FunctionDecompiler::dropped_implicit_return() const {
  if (code_.version.minor > 9 || kind_ != CodeKind::Function || !none_constant_met_last()) return false;
  const int none_index = int(code_.consts.size()) - 1;
  return std::none_of(function_.instrs.begin(), function_.instrs.end(),
                      [&](const ir::Instr& instr) { return instr.op == ir::Op::LoadConst && instr.arg == none_index; });
}

// The statements after the body's last compound statement, a loop that
// never breaks, ending in a `return`: that loop's else clause. False when
// the last compound statement is an if, whose else clause it may be
// instead (restore_final_else).
bool restore_final_loop_else(ast::Body& body) {
  if (body.empty() || !ast::as<ast::Return>(body.back())) return true;
  for (std::size_t k = body.size() - 1; k-- > 0;) {
    if (!ast::is_compound_flow(*body[k])) continue;
    if (ast::as<ast::If>(body[k])) return false;
    move_into_else<ast::For>(body, k) || move_into_else<ast::AsyncFor>(body, k) || move_into_else<ast::While>(body, k);
    return true;
  }
  return true;
}

}  // namespace depyf::decompile
